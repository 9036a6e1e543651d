# SPDX-License-Identifier: GPL-3.0-or-later
"""The board view's state: layouts from the firmware's pin tables, and events applied."""

from __future__ import annotations

import threading

from snekide.board_pins import (FLOODING, GARBLED, NOTHING, ROBOT, SIMULATOR, STOPPED,
                                BoardPins, layout_for)
from snekide.device.side_channel import (BoardDescribed, ChannelClosed, ChannelOpened, Flooding,
                                         Garbled, MotorOutput, NeoPixels, PinOutput, PinPull,
                                         Tone)

SNEKBOARD = BoardDescribed("snekboard", 17, (0, 1, 2, 3, 4, 5, 6, 7),
                           ((8, 9), (10, 11), (12, 13), (14, 15)))


def test_the_uno_layout_names_every_pin_once():
    layout = layout_for("uno")
    assert [spot.names for spot in layout.pins] == (
        [(f"D{n}",) for n in range(13)] + [("D13", "LED")] + [(f"A{n}",) for n in range(6)])
    assert [spot.number for spot in layout.pins] == list(range(20))
    assert [spot.analog for spot in layout.pins] == [False] * 14 + [True] * 6
    assert layout.motors == () and layout.neopixel is None


def test_the_snekboard_layout_has_inputs_motors_and_colour_leds():
    layout = layout_for("snekboard")
    assert [spot.name for spot in layout.pins] == [f"A{n}" for n in range(1, 9)]
    assert all(spot.analog for spot in layout.pins)
    assert [(m.name, m.number, m.pins) for m in layout.motors] == [
        ("M1", 1, (8, 9)), ("M2", 2, (10, 11)), ("M3", 3, (12, 13)), ("M4", 4, (14, 15))]
    assert layout.neopixel == 16
    assert layout.names()["M3"] == (12, 13) and layout.names()["A1"] == 0


def test_the_simulators_description_decides_which_pins_are_analog():
    layout = layout_for("uno", analog=(14, 15), motors=())
    assert [spot.name for spot in layout.pins if spot.analog] == ["A0", "A1"]


def test_an_unknown_board_has_no_pins():
    layout = layout_for("feather")
    assert layout.pins == () and layout.motors == ()


def test_outputs_show_as_reported():
    pins = BoardPins()
    pins.show("snekboard", SIMULATOR)
    pins.take([SNEKBOARD, PinOutput(2, 0.5, True), MotorOutput(1, 0.25, True, "left"),
               NeoPixels(((255, 0, 0),)), Tone(440), PinPull(3, "none")])
    picture = pins.picture()
    assert picture.source == SIMULATOR and picture.layout.board == "snekboard"
    assert picture.look(2).power == 0.5 and picture.look(2).on
    assert picture.motor(1).direction == "left" and picture.motor(1).power == 0.25
    assert not picture.motor(2).on
    assert picture.neopixels == ((255, 0, 0),) and picture.tone == 440
    assert picture.look(3).pull == "none"


def test_what_a_pin_reads_on_the_simulator():
    pins = BoardPins()
    pins.show("uno", SIMULATOR)
    layout = pins.picture().layout
    d2, a0 = layout.pin("D2"), layout.pin("A0")
    assert pins.picture().reads(d2) == 1 and pins.picture().reads(a0) == 0   # pull-up; nothing
    pins.give(d2.number, 0)
    pins.give(a0.number, 0.3)
    assert pins.picture().reads(d2) == 0 and pins.picture().reads(a0) == 0.3
    pins.give(d2.number, None)
    pins.take([PinPull(2, "none")])
    assert pins.picture().reads(d2) == 0


def test_a_restart_puts_outputs_at_rest_and_keeps_inputs_a_new_simulator_forgets_them():
    pins = BoardPins()
    pins.show("snekboard", SIMULATOR)
    pins.give(0, 0.7)
    pins.take([PinOutput(1, 1, True), Tone(300), MotorOutput(2, 1, True, "right")])
    pins.take([SNEKBOARD])
    picture = pins.picture()
    assert not picture.look(1).on and picture.tone == 0 and not picture.motor(2).on
    assert picture.look(0).given == 0.7
    pins.take([ChannelOpened()])
    assert pins.picture().look(0).given is None


def test_faults_are_said_in_the_picture():
    pins = BoardPins()
    pins.show("snekboard", SIMULATOR)
    pins.take([Flooding(True)])
    assert pins.picture().notice == FLOODING
    pins.take([Flooding(False)])
    assert pins.picture().notice == ""
    pins.take([Garbled(3)])
    assert pins.picture().notice == GARBLED
    pins.take([ChannelClosed()])
    assert pins.picture().notice == STOPPED
    pins.take([ChannelOpened(), SNEKBOARD])
    assert pins.picture().notice == ""


def test_a_picture_is_made_once_per_change_and_never_changes_after():
    pins = BoardPins()
    pins.show("uno", ROBOT)
    first = pins.picture()
    assert pins.picture() is first
    pins.take([PinOutput(13, 1, True)])
    second = pins.picture()
    assert second is not first and second.version > first.version
    assert not first.look(13).on and second.look(13).on


def test_events_from_another_thread_while_pictures_are_taken():
    pins = BoardPins()
    pins.show("uno", SIMULATOR)

    def flood():
        for i in range(20_000):
            pins.take([PinOutput(i % 14, (i % 100) / 100, bool(i % 2))])
    thread = threading.Thread(target=flood)
    thread.start()
    while thread.is_alive():
        picture = pins.picture()
        assert all(0 <= look.power <= 1 for look in picture.pins.values())
    thread.join()
    assert pins.picture().look(19999 % 14).power == 0.99


def test_nothing_connected():
    pins = BoardPins()
    assert pins.picture().source == NOTHING and pins.picture().layout.pins == ()
