# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests for what the status bar says about the robot's program."""

from snekide.robot_program import RobotProgram, same_program


def test_unknown_until_put_or_get():
    robot = RobotProgram()
    assert robot.describe("x", "a") == "Robot's program: not checked yet"


def test_after_put_same_then_changed_then_other_tab():
    robot = RobotProgram()
    robot.stored("on()\n", "tab1", "Put")
    assert robot.describe("on()", "tab1") == "Robot's program: same as this one ✔"
    assert robot.describe("on()\noff()\n", "tab1") == "Robot's program: this one changed since Put"
    assert robot.describe("other()\n", "tab2") == "Robot's program: a different one"
    robot.forget()
    assert robot.describe("on()", "tab1") == "Robot's program: not checked yet"


def test_same_program_ignores_line_endings_and_trailing_blank_lines():
    assert same_program("a\r\nb\n\n", "a\nb")
    assert not same_program("a\nb", "a\n b")
