# SPDX-License-Identifier: GPL-3.0-or-later
"""connect_choices: what the Connect menu offers and what Connect and the start pick."""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest

from snekide import connect_choices as cc
from snekide.device.usb import SIMULATOR, DeviceChoice


@dataclass
class FakePort:
    device: str
    vid: int | None = None
    pid: int | None = None
    serial_number: str | None = None
    description: str = "n/a"


UNO_ROBOT = DeviceChoice("Arduino Uno (/dev/ttyACM0)", "serial", "/dev/ttyACM0", "A1B2", True,
                         False, resets_on_open=True, board="uno")
SNEKBOARD_ROBOT = DeviceChoice("Snekboard (/dev/ttyACM1)", "serial", "/dev/ttyACM1", "S9", False,
                               False, board="snekboard")
ADAPTER = DeviceChoice("USB serial adapter (CH340): maybe a robot (/dev/ttyUSB0)", "serial",
                       "/dev/ttyUSB0", None, True, True, True)


def test_the_simulator_as_each_board():
    uno = cc.simulator("uno")
    assert (uno.label, uno.kind, uno.board) == ("Arduino Uno simulator", "simulator", "uno")
    assert cc.simulator("duemilanove") == uno  # the simulator's Uno stands in for it
    assert cc.simulator("no-such-board") == cc.simulator("snekboard")
    assert cc.board_of(SIMULATOR) == "snekboard"
    assert cc.same(SIMULATOR, cc.simulator())
    assert not cc.same(cc.simulator("uno"), cc.simulator())


def test_a_named_port_gets_the_right_line_settings():
    uno = cc.port_choice("/tmp/link", "uno")
    assert (uno.label, uno.needs_pacing, uno.resets_on_open) == ("Arduino Uno (/tmp/link)",
                                                                 True, True)
    snekboard = cc.port_choice("/dev/ttyACM3", "snekboard")
    assert (snekboard.needs_pacing, snekboard.resets_on_open) == (False, False)
    unknown = cc.port_choice("/dev/ttyS4")
    # The careful way, which works with any Snek board.
    assert (unknown.label, unknown.needs_pacing, unknown.resets_on_open) == (
        "Port /dev/ttyS4", True, True)
    assert not unknown.generic_bridge  # named by the student: no "is this your robot?"


def test_other_ports_are_the_ones_no_usb_id_names():
    infos = [FakePort("/dev/ttyACM0", 0x2341, 0x0043), FakePort("/dev/ttyS0"),
             FakePort("/dev/ttyUSB3", 0x1234, 0x5678, description="Mystery gadget")]
    assert [(c.label, c.port) for c in cc.other_ports(infos)] == [
        ("Port /dev/ttyS0", "/dev/ttyS0"), ("Mystery gadget (/dev/ttyUSB3)", "/dev/ttyUSB3")]


def test_menu_has_simulators_robots_and_every_port_once(tmp_path):
    link = tmp_path / "link"
    link.symlink_to("/dev/ttyS0")
    model = cc.menu_model([SIMULATOR, UNO_ROBOT, ADAPTER],
                          [cc.port_choice("/dev/ttyS0")],
                          [cc.port_choice(str(link), "uno"), cc.port_choice("/dev/ttyACM0"),
                           cc.port_choice("/tmp/pty-from-the-command-line", "uno")])
    assert [c.label for c in model.simulators] == ["Snekboard simulator",
                                                   "Arduino Uno simulator"]
    assert model.robots == [UNO_ROBOT, ADAPTER]
    # The link is the same port as /dev/ttyS0, the ACM0 entry the same as the robot.
    assert [c.label for c in model.ports] == ["Port /dev/ttyS0",
                                              "Arduino Uno (/tmp/pty-from-the-command-line)"]


@pytest.mark.parametrize("choice", [cc.simulator("uno"), cc.simulator(), UNO_ROBOT,
                                    cc.port_choice("/tmp/link", "uno"),
                                    cc.port_choice("/dev/ttyS1")])
def test_remembered_choices_come_back_the_same(choice):
    again = cc.from_settings(cc.to_settings(choice))
    assert again is not None and cc.same(again, choice)
    assert again.label == choice.label and cc.board_of(again) == cc.board_of(choice)
    assert again.serial_number == choice.serial_number


@pytest.mark.parametrize("data", [None, [], "uno", {}, {"kind": "rocket"},
                                  {"kind": "serial"}, {"kind": "serial", "port": ""},
                                  {"kind": "serial", "port": 7}])
def test_damaged_settings_remember_nothing(data):
    assert cc.from_settings(data) is None


def test_a_damaged_board_name_is_forgotten_but_the_port_kept():
    choice = cc.from_settings({"kind": "serial", "port": "/dev/ttyS1", "board": ["x"]})
    assert choice is not None and choice.port == "/dev/ttyS1" and choice.board == ""
    assert cc.from_settings({"kind": "simulator", "board": "toaster"}) == cc.simulator()


# -- at start ----------------------------------------------------------------------

def test_start_on_the_simulator_when_nothing_is_plugged_in():
    assert cc.plan_start([SIMULATOR], None) == cc.Plan(cc.simulator())
    assert cc.plan_start([SIMULATOR], cc.simulator("uno")) == cc.Plan(cc.simulator("uno"))


def test_start_on_the_one_robot_plugged_in():
    assert cc.plan_start([SIMULATOR, UNO_ROBOT], cc.simulator("uno")).choice == UNO_ROBOT


def test_start_on_the_remembered_robot_among_several():
    remembered = cc.from_settings(cc.to_settings(SNEKBOARD_ROBOT))
    assert cc.plan_start([SIMULATOR, UNO_ROBOT, SNEKBOARD_ROBOT], remembered).choice == \
        SNEKBOARD_ROBOT


def test_a_remembered_robot_on_another_port_is_found_by_its_serial_number():
    moved = DeviceChoice("Arduino Uno (/dev/ttyACM4)", "serial", "/dev/ttyACM4", "A1B2", True,
                         False, resets_on_open=True, board="uno")
    assert cc.plan_start([SIMULATOR, moved], UNO_ROBOT).choice == moved


def test_several_robots_and_none_remembered_start_the_simulator_and_say_so():
    plan = cc.plan_start([SIMULATOR, UNO_ROBOT, SNEKBOARD_ROBOT], None)
    assert plan.choice == cc.simulator() and plan.note == cc.SEVERAL


def test_a_remembered_port_that_is_there_is_used(tmp_path):
    pty = os.openpty()
    try:
        choice = cc.port_choice(os.ttyname(pty[1]), "uno")
        assert cc.plan_start([SIMULATOR], choice) == cc.Plan(choice)
    finally:
        os.close(pty[0])
        os.close(pty[1])


def test_a_remembered_robot_that_is_unplugged_gives_its_simulator_and_says_so(tmp_path):
    gone = cc.port_choice(str(tmp_path / "ttyGONE"), "uno")
    plan = cc.plan_start([SIMULATOR], gone)
    assert plan.choice == cc.simulator("uno")
    assert plan.note == (f"Arduino Uno ({tmp_path / 'ttyGONE'}) is not plugged in, so the "
                         "Arduino Uno simulator is on instead. Plug it in and press Connect.")


# -- the Connect button ------------------------------------------------------------

def test_connect_never_silently_restarts_a_running_simulator():
    plan = cc.plan_connect([SIMULATOR], cc.simulator("uno"), True, None)
    assert plan.choice is None and not plan.ask
    assert plan.note.startswith("No robot is plugged in, so you are still on the Arduino Uno "
                                "simulator.")


def test_connect_goes_to_a_robot_that_was_just_plugged_in():
    assert cc.plan_connect([SIMULATOR, UNO_ROBOT], cc.simulator(), True, None).choice == \
        UNO_ROBOT


def test_connect_asks_when_there_are_several_or_an_adapter():
    plan = cc.plan_connect([SIMULATOR, UNO_ROBOT, ADAPTER], cc.simulator("uno"), True, None)
    assert plan.ask == (cc.simulator("uno"), UNO_ROBOT, ADAPTER)
    plan = cc.plan_connect([SIMULATOR, ADAPTER], None, False, None)
    assert plan.ask == (cc.simulator(), ADAPTER)


def test_connect_after_the_simulator_stopped_starts_it_again_as_the_same_board():
    plan = cc.plan_connect([SIMULATOR], cc.simulator("uno"), False, None)
    assert plan.choice == cc.simulator("uno")
    assert plan.note == "No robot is plugged in, so the Arduino Uno simulator is on."


def test_connect_on_a_robot_connects_to_it_again():
    assert cc.plan_connect([SIMULATOR, UNO_ROBOT], UNO_ROBOT, True, None).choice == UNO_ROBOT


def test_a_typed_port_that_is_not_there_is_explained(tmp_path):
    assert cc.port_problem(str(tmp_path / "ttyNOPE")).startswith(
        f"There is no port called {tmp_path / 'ttyNOPE'} on this computer.")
    assert cc.port_problem("/dev/null") == ""


# -- a lesson's board -------------------------------------------------------------

def test_a_lesson_switches_a_simulator_of_another_board_to_its_own():
    plan = cc.plan_lesson("uno", SIMULATOR, connected=True)
    assert plan.choice == cc.simulator("uno") and not plan.ask
    assert plan.note == "This lesson is for an Arduino Uno, so the simulator is now an Arduino Uno."
    back = cc.plan_lesson("snekboard", cc.simulator("uno"), connected=True)
    assert back.choice == cc.simulator("snekboard")
    assert back.note == "This lesson is for a Snekboard, so the simulator is now a Snekboard."
    # A Duemilanove lesson is at home on the simulator's Uno.
    assert cc.plan_lesson("duemilanove", cc.simulator("uno"), connected=True) == cc.Plan()
    assert cc.plan_lesson("snekboard", SIMULATOR, connected=True) == cc.Plan()


def test_a_lesson_leaves_a_real_robot_connected_and_says_what_to_do():
    plan = cc.plan_lesson("snekboard", UNO_ROBOT, connected=True)
    assert plan.choice is None
    assert plan.note == ("This lesson is for a Snekboard, but the robot connected is an Arduino "
                         "Uno: some of its code may not work there. To try the lesson on the "
                         "simulator, choose Snekboard simulator in the Connect menu.")
    assert cc.plan_lesson("uno", UNO_ROBOT, connected=True) == cc.Plan()
    assert cc.plan_lesson("duemilanove", UNO_ROBOT, connected=True) == cc.Plan()
    assert "an Arduino Uno" in cc.plan_lesson("uno", SNEKBOARD_ROBOT, connected=True).note
    # A board we cannot name (an adapter, a typed port): no guessing.
    assert cc.plan_lesson("uno", ADAPTER, connected=True) == cc.Plan()


def test_a_lesson_changes_nothing_while_nothing_is_connected():
    assert cc.plan_lesson("uno", None, connected=False) == cc.Plan()
    assert cc.plan_lesson("uno", SIMULATOR, connected=False) == cc.Plan()  # still connecting
