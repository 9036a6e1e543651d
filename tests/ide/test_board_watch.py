# SPDX-License-Identifier: GPL-3.0-or-later
"""Which board the board view shows and where its inputs go (no Qt, no simulator running)."""

from __future__ import annotations

from snekide import connect_choices
from snekide.board_pins import NOTHING, ROBOT, SIMULATOR
from snekide.board_watch import NOT_RUNNING, ROBOT_GONE, BoardWatch
from snekide.device.side_channel import BoardDescribed, PinOutput, SideChannel
from snekide.device.usb import DeviceChoice


def robot(board: str) -> DeviceChoice:
    return connect_choices.port_choice("/dev/ttyACM0", board)


def test_nothing_until_a_board_connects():
    watch = BoardWatch(SideChannel())
    assert watch.picture().source == NOTHING and not watch.takes_inputs


def test_the_simulators_reports_are_kept_even_before_it_is_said_to_be_connected():
    channel = SideChannel()
    watch = BoardWatch(channel)
    channel._dispatch([BoardDescribed("uno", 20, (14, 15, 16, 17, 18, 19), ()),
                       PinOutput(13, 1.0, True)])
    watch.connected(connect_choices.simulator("uno"))
    picture = watch.picture()
    assert picture.source == SIMULATOR and picture.layout.board == "uno"
    assert picture.look(13).on and watch.takes_inputs


def test_an_input_without_a_simulator_running_is_refused():
    watch = BoardWatch(SideChannel())
    watch.connected(connect_choices.simulator("snekboard"))
    watch.simulator.take([BoardDescribed("snekboard", 17, tuple(range(8)), ())])
    spot = watch.picture().layout.pin("A1")
    assert watch.set_input(spot, 0.5) == NOT_RUNNING
    assert watch.picture().look(spot.number).given is None


def test_a_real_robot_follows_the_repl_and_takes_no_inputs():
    channel = SideChannel()
    watch = BoardWatch(channel)
    watch.connected(robot("uno"))
    assert watch.picture().source == ROBOT and watch.picture().layout.board == "uno"
    assert not watch.takes_inputs
    spot = watch.picture().layout.pin("D2")
    assert watch.toggle(spot) == "" and watch.picture().look(2).given is None
    watch.line_sent("talkto(LED); on()")
    assert watch.picture().look(13).on
    channel._dispatch([PinOutput(13, 1.0, False)])     # a simulator elsewhere: not this board
    assert watch.picture().look(13).on
    watch.disconnected()
    assert watch.picture().notice == ROBOT_GONE
    watch.line_sent("off()")                            # after the cable went, nothing moves
    assert watch.picture().look(13).on


def test_a_duemilanove_has_the_unos_pins_an_unknown_board_none():
    watch = BoardWatch(SideChannel())
    watch.connected(robot("duemilanove"))
    assert watch.picture().layout.pin("LED").number == 13
    watch.connected(robot(""))
    assert watch.picture().layout.pins == ()
    watch.line_sent("talkto(3); on()")                  # nothing to draw it on; no error
