# SPDX-License-Identifier: GPL-3.0-or-later
"""refusals: the firmware's refusals of an upload (docs/storage.md), as the student reads them.
What the robot holds is said from the read-back, whatever the board claimed."""

from __future__ import annotations

import pytest

from snekide.device import refusals

OLD = b"print('old')\n"


@pytest.mark.parametrize("refusal, starts", [
    ("program too big: 2400 bytes, room for 1023; the old program is kept",
     "Your program is too big for this robot: 2400 bytes, it has room for 1023."),
    ("not text: byte \\xff at 11; the old program is kept",
     "Your program got damaged on its way to the robot"),
    ("not text: byte \\xff; the stored program is now empty",
     "Your program got damaged on its way to the robot"),
    ("cannot save the program to /home/ada/.snek.eeprom; it keeps what it had",
     "The simulator could not save your program"),
    ("out of memory", "The robot's memory is too full to take your program"),
])
def test_each_refusal_says_why_what_the_robot_has_and_what_to_do(refusal, starts):
    said = refusals.explain(refusal, OLD, OLD)
    assert said.startswith(starts)
    assert refusals.KEPT_OLD in said
    assert "press Put again" in said
    assert "\\x" not in said and "/home" not in said   # no firmware jargon, no paths


def test_what_the_robot_holds_comes_from_the_read_back_not_the_board():
    claim = "program too big: 2400 bytes, room for 1023; the stored program is now empty"
    assert refusals.KEPT_OLD in refusals.explain(claim, OLD, OLD)   # the IDE put it back
    assert refusals.NOW_EMPTY in refusals.explain(claim, b"", OLD)
    assert refusals.STILL_EMPTY in refusals.explain(claim, b"", b"")
    unknown = refusals.explain(claim, None, OLD)
    assert refusals.KEPT_OLD not in unknown and refusals.NOW_EMPTY not in unknown


def test_a_refusal_not_known_yet_is_shown_in_the_boards_words():
    said = refusals.explain("upload cut short: the old program is kept", OLD, OLD)
    assert said.startswith("The robot could not store your program. It said: upload cut short")
