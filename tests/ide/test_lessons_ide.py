# SPDX-License-Identifier: GPL-3.0-or-later
"""A lesson with the rest of the IDE, through the window: the simulator becomes the lesson's
board, the robot goes to the lesson's world, and the robot's moves meet the step's goals."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtCore import QPointF, Qt

from snekide.connection import Connection
from snekide.device.usb import SIMULATOR, DeviceChoice
from snekide.lessons.library import lessons_folder
from snekide.lessons.runner import run_block
from snekide.main_window import MainWindow

from .test_lessons_pane import buttons, open_from_menu
from .test_window import (  # noqa: F401 - fixtures
    LEFT, WAIT, FakeBoard, click, data_dir, firmware, make_window, repl_text, type_in_repl,
    wait_connected, wait_repl,
)

LIGHTS = lessons_folder() / "02-lights.md"
MOTORS = lessons_folder() / "05-motors-and-turning.md"
SHAPES = lessons_folder() / "06-drawing-shapes.md"
LINE_BUG = lessons_folder() / "08-line-bug.md"
UNO_ROBOT = DeviceChoice("Arduino Uno (/dev/ttyACM0)", "serial", "/dev/ttyACM0", "A1B2", True,
                         False, resets_on_open=True, board="uno")


@pytest.fixture
def window(qtbot: Any, data_dir: Path, firmware: Path) -> MainWindow:
    """The IDE on the simulator (a Snekboard, as it starts), connected by clicking Connect."""
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    return window


def wait_board(qtbot: Any, window: MainWindow, label: str) -> None:
    qtbot.waitUntil(lambda: window.board_status.text() == f"Connected: {label}", timeout=WAIT)


def wait_prompt(qtbot: Any, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)


def board_state(window: MainWindow):
    return window.robot_pane.live.snapshot().board


def pose(window: MainWindow):
    return window.robot_pane.live.snapshot().pose


def still(window: MainWindow) -> bool:
    """The robot's motors are all off (a turn or a drive is over)."""
    return not any(window.robot_pane.live.snapshot().motors.values())


def try_it(qtbot: Any, window: MainWindow, index: int = 0) -> None:
    click_button = buttons(window, "try_button")[index]
    qtbot.mouseClick(click_button, LEFT)


def step_done(window: MainWindow) -> bool:
    return "✓" in window.lesson_pane.step_title.text()


def go_to_step(qtbot: Any, window: MainWindow, title: str) -> None:
    pane = window.lesson_pane
    while pane.step_title.text().split("&nbsp;")[0] != title:
        assert pane.next_button.isEnabled(), f"no step {title!r}"
        qtbot.mouseClick(pane.next_button, LEFT)


def robot_speed(qtbot: Any, window: MainWindow, speed: int) -> None:
    """Choose the robot's speed of time in its pane, as a student does."""
    box = window.robot_pane.speed_box
    box.setCurrentIndex(box.findData(speed))
    assert window.robot_pane.live.speed == speed


# -- the lesson's board ----------------------------------------------------------------------

def test_an_uno_lesson_makes_the_simulator_an_uno_and_a_snekboard_lesson_takes_it_back(
        qtbot, window):
    open_from_menu(window, LIGHTS)
    wait_board(qtbot, window, "Arduino Uno simulator")
    wait_repl(qtbot, window, "This lesson is for an Arduino Uno, so the simulator is now an "
                             "Arduino Uno.")
    wait_prompt(qtbot, window)
    try_it(qtbot, window)  # talkto(LED); on()
    qtbot.waitUntil(lambda: board_state(window).outputs.get(13) is not None
                    and board_state(window).outputs[13].on, timeout=WAIT)
    assert board_state(window).name == "uno"
    assert "does not know" not in repl_text(window)
    # A simulated Uno has no motors for the robot: its pane leaves the REPL the room.
    assert not window.robot_pane.isVisible() and window.repl.isVisible()
    # Back for a Snekboard lesson: a Snekboard, and its robot in the lesson's world.
    open_from_menu(window, MOTORS)
    wait_board(qtbot, window, "Snekboard simulator")
    assert window.robot_pane.isVisible()
    assert window.robot_pane.world_box.currentText() == "Empty floor"
    wait_prompt(qtbot, window)
    start = pose(window)
    try_it(qtbot, window)  # talkto(M1); setpower(0.5); onfor(1): the right wheel alone
    qtbot.waitUntil(lambda: pose(window).heading != start.heading, timeout=WAIT)
    assert board_state(window).name == "snekboard"
    assert "does not know" not in repl_text(window)


def test_try_it_puts_the_lessons_board_back_after_the_student_changed_it(qtbot, window):
    open_from_menu(window, LIGHTS)
    wait_board(qtbot, window, "Arduino Uno simulator")
    menu = window.connector.menu
    menu.rebuild()
    menu.action_for("Snekboard simulator").trigger()
    wait_board(qtbot, window, "Snekboard simulator")
    wait_prompt(qtbot, window)
    shown = len(repl_text(window))
    try_it(qtbot, window)
    wait_board(qtbot, window, "Arduino Uno simulator")
    wait_repl(qtbot, window, "talkto(LED)", after=shown)  # typed once the Uno is there
    qtbot.waitUntil(lambda: board_state(window).outputs.get(13) is not None
                    and board_state(window).outputs[13].on, timeout=WAIT)
    wait_prompt(qtbot, window)
    assert "does not know" not in repl_text(window)[shown:]
    assert repl_text(window)[shown:].count("talkto(LED)") == 1


def pick_in_connect_menu(window: MainWindow, label: str) -> None:
    menu = window.connector.menu
    menu.rebuild()
    menu.action_for(label).trigger()


@pytest.mark.parametrize("then", ["picks another board", "closes the lesson"])
def test_try_it_waiting_for_its_board_is_dropped_when_the_student_moves_on(qtbot, window, then):
    open_from_menu(window, LIGHTS)
    wait_board(qtbot, window, "Arduino Uno simulator")
    pick_in_connect_menu(window, "Snekboard simulator")
    wait_board(qtbot, window, "Snekboard simulator")
    wait_prompt(qtbot, window)
    shown = len(repl_text(window))
    try_it(qtbot, window)  # the simulator starts to become an Uno; the block waits for it
    if then == "picks another board":
        pick_in_connect_menu(window, "Snekboard simulator")
    else:
        window.lesson_pane.close_lesson()
    wait_board(qtbot, window, "Snekboard simulator" if then == "picks another board"
               else "Arduino Uno simulator")
    wait_prompt(qtbot, window)
    qtbot.wait(300)
    assert "talkto(LED)" not in repl_text(window)[shown:]
    assert window.lesson_link._held == []


def test_a_lesson_opened_at_start_gets_its_board_once_connected(qtbot, data_dir, firmware):
    window = make_window(qtbot, files=[LIGHTS])
    window.connect_default()  # nothing remembered: the Snekboard simulator, then the Uno
    wait_board(qtbot, window, "Arduino Uno simulator")
    wait_prompt(qtbot, window)
    try_it(qtbot, window)
    qtbot.waitUntil(lambda: board_state(window).outputs.get(13) is not None, timeout=WAIT)


def test_a_real_robot_of_another_kind_stays_connected_and_the_lesson_says_so(qtbot, data_dir):
    boards: list[FakeBoard] = []

    def factory(choice: DeviceChoice) -> FakeBoard:
        assert choice.kind == "serial", "the simulator was started"
        boards.append(FakeBoard())
        return boards[-1]

    window = make_window(qtbot, connection=Connection(factory),
                         list_devices=lambda: [SIMULATOR, UNO_ROBOT])
    click(qtbot, window, "Connect")  # the one robot plugged in
    wait_board(qtbot, window, UNO_ROBOT.label)
    open_from_menu(window, MOTORS)
    notice = window.lesson_pane.notice
    assert notice.isVisible()
    assert notice.text().startswith("This lesson is for a Snekboard, but the robot connected is "
                                    "an Arduino Uno")
    assert "Snekboard simulator in the Connect menu" in notice.text()
    try_it(qtbot, window)  # the student's choice: it goes to their Uno
    wait_repl(qtbot, window, "ran talkto(M1)")
    assert len(boards) == 1 and window.board_status.text() == f"Connected: {UNO_ROBOT.label}"
    # An Uno lesson on the Uno: nothing to say.
    open_from_menu(window, LIGHTS)
    assert not notice.isVisible()


# -- the lesson's world and goals ------------------------------------------------------------

def test_a_lesson_puts_the_robot_in_its_world_at_the_start(qtbot, window):
    robot = window.robot_pane
    assert robot.world_box.currentText() == "Empty floor"
    robot.live.place(type(pose(window))(10, 10, 0))
    open_from_menu(window, LINE_BUG)
    assert robot.world_box.currentText() == "Oval track"
    start = robot.world().start
    assert (pose(window).x, pose(window).y, pose(window).heading) == (start.x, start.y,
                                                                      start.heading)


def test_dragging_the_robot_is_not_driving_it(qtbot, window):
    open_from_menu(window, MOTORS)
    go_to_step(qtbot, window, "Both wheels forward")  # goal: travel 10
    canvas = window.robot_pane.canvas
    canvas.refresh()
    here = canvas.to_widget(pose(window).x, pose(window).y)
    there = QPointF(here.x() + 120, here.y())
    qtbot.mousePress(canvas, LEFT, pos=here.toPoint())
    for i in range(1, 11):
        qtbot.mouseMove(canvas, (here + (there - here) * (i / 10)).toPoint())
    qtbot.mouseRelease(canvas, LEFT, pos=there.toPoint())
    assert pose(window).x > 130  # moved by 120 pixels: tens of centimetres
    qtbot.wait(500)  # the robot's time goes on: its moves reach the lesson
    assert not step_done(window)
    try_it(qtbot, window)
    qtbot.waitUntil(lambda: step_done(window), timeout=WAIT)


@pytest.mark.parametrize("speed", [1, 10])
def test_a_line_typed_in_the_window_turns_the_robot_as_far_as_the_headless_run(
        qtbot, window, firmware, speed):
    """Lessons are checked headless (run_block) and done in the window: the same line must
    move the robot as far in both, whatever the speed of time and whenever it is typed."""
    turn = ("talkto(M1)\nsetright()\nsetpower(0.6)\non()\ntalkto(M3)\nsetright()\n"
            "setpower(0.6)\non()\ntime.sleep(0.5)\nstopall()\n")
    headless = run_block(turn, "snekboard", "floor", firmware=firmware).path
    expected = (headless[-1].heading - headless[0].heading) % 360
    assert expected == pytest.approx(57.3, abs=0.1)  # 0.5 s at 2 rad/s
    robot_speed(qtbot, window, speed)
    type_in_repl(qtbot, window, "def left(s):", "talkto(M1)", "setright()", "setpower(0.6)",
                 "on()", "talkto(M3)", "setright()", "setpower(0.6)", "on()", "time.sleep(s)",
                 "stopall()", "")
    for pause in (0, 7, 13):  # typed at any moment of the world's idle slice
        wait_prompt(qtbot, window)
        qtbot.wait(pause)
        before = pose(window).heading
        type_in_repl(qtbot, window, "left(0.5)")
        qtbot.waitUntil(lambda: pose(window).heading != before and still(window), timeout=WAIT)
        assert (pose(window).heading - before) % 360 == pytest.approx(expected, abs=0.2)


def test_the_shapes_lesson_draws_a_square_and_meets_its_goals(qtbot, window):
    open_from_menu(window, SHAPES)
    pane = window.lesson_pane
    robot_speed(qtbot, window, 10)
    assert pane.step_title.text() == "How long is a quarter turn?"
    assert "Goal: Turn the robot at least 90 degrees." in pane.check_label.text()
    start = pose(window)
    wait_prompt(qtbot, window)
    try_it(qtbot, window)  # QUARTER = 0.5: not quite a quarter turn
    qtbot.waitUntil(lambda: pose(window).heading != start.heading and still(window),
                    timeout=WAIT)
    first_turn = pose(window).heading - start.heading
    assert 30 < first_turn < 80 and not step_done(window)
    quarter = 0.5 * 90 / first_turn  # what the student works out
    type_in_repl(qtbot, window, f"left({quarter - 0.5:.3f})")  # the rest of the way round
    qtbot.waitUntil(lambda: step_done(window) and still(window), timeout=WAIT)

    go_to_step(qtbot, window, "A square")
    window.robot_pane.reset()  # Back to start: a clean floor for the square
    assert not step_done(window)
    (copy,) = buttons(window, "copy_button")
    qtbot.mouseClick(copy, LEFT)
    editor = window.editor()
    program = re.sub(r"^QUARTER = .*$", f"QUARTER = {quarter:.3f}", editor.toPlainText(),
                     flags=re.M)
    editor.set_text(program)
    click(qtbot, window, "Run")
    qtbot.waitUntil(lambda: step_done(window), timeout=WAIT)
    assert pane.check_label.text().startswith("✓ Well done!")
    # It drew a square on the floor from the start (facing north after Back to start): four
    # sides of 36 cm (3 s at 0.6 power, 12 cm/s), north, west, south and east again.
    window.robot_pane.canvas.refresh()
    points = [p for stroke in window.robot_pane.canvas._strokes for p in stroke]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert (min(xs), max(xs)) == (pytest.approx(64, abs=2), pytest.approx(100, abs=0.5))
    assert (min(ys), max(ys)) == (pytest.approx(75, abs=0.5), pytest.approx(111, abs=2))
    assert math.dist(points[0], points[-1]) < 3


def test_after_try_it_with_a_def_the_next_line_starts_at_the_left(qtbot, window):
    """Try it sends a def and the lines after it; the REPL's indent for a `+ ` line must not
    be left in the input for the student's next line at `> `."""
    open_from_menu(window, lessons_folder() / "04-functions.md")
    wait_board(qtbot, window, "Arduino Uno simulator")
    wait_prompt(qtbot, window)
    try_it(qtbot, window)  # def blink(): ... then blink() twice
    qtbot.waitUntil(lambda: window.repl.ready and "blink()" in repl_text(window), timeout=WAIT)
    assert window.repl.input_text() == ""
    shown = len(repl_text(window))
    type_in_repl(qtbot, window, "print(6 * 7)")
    wait_repl(qtbot, window, "42", after=shown)
    assert "Error" not in repl_text(window)[shown:]
