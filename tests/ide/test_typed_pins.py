# SPDX-License-Identifier: GPL-3.0-or-later
"""A real robot's pins followed from the REPL lines typed: the firmware's gpio rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from snekide.board_pins import ROBOT, BoardPins, layout_for
from snekide.device.side_channel import MotorOutput, NeoPixels, PinOutput, PinPull, Tone
from snekide.typed_pins import PROGRAM_RUNS, UNCERTAIN, PinRead, RobotWatch, TypedPins

ROOT = Path(__file__).resolve().parents[2]


def typed(board: str = "snekboard") -> TypedPins:
    layout = layout_for(board)
    return TypedPins(layout.names(), {m.pins: m.number for m in layout.motors})


def test_a_motor_as_lesson_one_drives_it():
    pins = typed()
    assert pins.typed("talkto(M1)") == []
    assert pins.typed("setpower(0.5)") == [PinOutput(8, 0.5, False),
                                           MotorOutput(1, 0.5, False, "right")]
    assert pins.typed("on()") == [PinOutput(8, 0.5, True), MotorOutput(1, 0.5, True, "right")]
    assert pins.typed("setleft()") == [PinOutput(9, 1.0, True), MotorOutput(1, 0.5, True, "left")]
    assert not pins.uncertain


def test_one_line_of_several_statements():
    pins = typed("uno")
    assert pins.typed("talkto(LED); on(); off()") == [PinOutput(13, 1.0, True),
                                                     PinOutput(13, 1.0, False)]


def test_a_pin_keeps_its_power_while_off_and_onfor_ends_off():
    pins = typed("uno")
    pins.typed("talkto(D3); setpower(-4)")
    assert pins.typed("onfor(0.1)") == [PinOutput(3, 0.0, True), PinOutput(3, 0.0, False)]
    pins.typed("talkto(D5)")
    assert pins.typed("setpower(7)") == [PinOutput(5, 1.0, False)]


def test_a_pair_of_pins_is_a_motor_on_any_board():
    pins = typed("uno")
    pins.typed("talkto((D3, D4))")
    assert pins.typed("on(); setleft()") == [PinOutput(3, 1.0, True), PinOutput(4, 1.0, True)]


def test_stopall_turns_every_pin_and_the_tone_off():
    pins = typed()
    pins.typed("talkto(M2); on(); talkto(A1); on(); tone(440)")
    assert pins.typed("stopall()") == [PinOutput(0, 1.0, False), PinOutput(10, 1.0, False),
                                      MotorOutput(2, 1.0, False, "right"), Tone(0)]


def test_colours_tones_and_pulls():
    pins = typed()
    assert pins.typed("neopixel([(1, 0, 0), (0, 0.5, 1)])") == [
        NeoPixels(((255, 0, 0), (0, 128, 255)))]
    assert pins.typed("neopixel((0, 1, 0))") == [NeoPixels(((0, 255, 0),))]
    assert pins.typed("tone(440)") == [Tone(440)]
    assert pins.typed("tone(tone.A)") == [Tone(-1)]         # the pitch only the robot knows
    assert pins.typed("tonefor(440, 1)") == [Tone(0)]
    assert pins.typed("pullnone(A3)") == [PinPull(2, "none")]
    assert not pins.uncertain


def test_without_talkto_nothing_changes():
    assert typed().typed("on()") == []


@pytest.mark.parametrize("line", [
    "talkto(M1); setpower(speed)",
    "for i in range(3):\n    on()\n",
    "def go():\n    on()\n",
    "go()",
    "eeprom.load()",
    "neopixel(colours)",
])
def test_what_cannot_be_followed_makes_the_picture_uncertain(line):
    pins = typed()
    pins.typed(line)
    assert pins.uncertain


@pytest.mark.parametrize("line", [
    "print(6 * 7)", "x = read(A1)", "time.sleep(1)", "if 1 <", "# a comment", "",
    "print((" * 500 + ")" * 500,
])
def test_what_changes_no_pin_is_no_change(line):
    pins = typed()
    assert pins.typed(line) == []
    assert not pins.uncertain


def test_a_read_typed_is_answered_by_the_next_number_printed():
    pins = typed()
    pins.typed("read(A2)")
    assert pins.printed("0.53") == PinRead(1, 0.53)
    assert pins.printed("0.7") is None                      # only the answer right after
    pins.typed("print(read(A8))")
    assert pins.printed("oops") is None
    pins.typed("read(A1); read(A2)")
    assert pins.printed("1") is None


def test_the_watch_keeps_the_picture_of_a_real_robot():
    pins = BoardPins()
    pins.show("snekboard", ROBOT)
    watch = RobotWatch(pins, pins.picture().layout)
    watch.line_sent("talkto(M3); setpower(0.4); on()")
    watch.line_sent("read(A1)")
    watch.output("0.")
    watch.output("25\n")
    picture = pins.picture()
    assert picture.motor(3).on and picture.motor(3).power == 0.4
    assert picture.look(0).given == 0.25
    assert picture.notice == ""
    watch.line_sent("while True:\n    on()\n    off()\n")
    assert pins.picture().notice == UNCERTAIN
    watch.output("Welcome to Snek 0.1.0\n")
    picture = pins.picture()
    assert picture.notice == PROGRAM_RUNS and not picture.motor(3).on


def test_a_block_typed_a_line_at_a_time_is_followed_as_a_whole():
    """The REPL sends a loop a line at each prompt: its body is not a statement of its own."""
    pins = BoardPins()
    pins.show("uno", ROBOT)
    watch = RobotWatch(pins, pins.picture().layout)
    watch.line_sent("talkto(LED)")
    watch.line_sent("for i in range(3):")
    watch.line_sent("    on(); off()", main=False)
    assert pins.picture().notice == "" and not pins.picture().look(13).on
    watch.line_sent("    on()", main=False)
    watch.line_sent("", main=False)                     # the blank line ends it
    assert pins.picture().notice == UNCERTAIN and not pins.picture().look(13).on
    watch.line_sent("print(1, 2)")                      # one line at the prompt, as before
    watch.line_sent("on()")
    assert pins.picture().look(13).on


def test_the_end_of_earlier_output_is_not_the_answer():
    pins = BoardPins()
    pins.show("snekboard", ROBOT)
    watch = RobotWatch(pins, pins.picture().layout)
    watch.output("lit")                 # the robot's newline comes after the next line is sent
    watch.line_sent("read(A4)")
    watch.output("\n")
    watch.output("\n0.5\n")
    assert pins.picture().look(3).given == 0.5


def test_the_watch_keeps_no_endless_line():
    pins = BoardPins()
    pins.show("uno", ROBOT)
    watch = RobotWatch(pins, pins.picture().layout)
    for _ in range(1000):
        watch.output("x" * 1000)
    assert len(watch._partial) <= 4096
