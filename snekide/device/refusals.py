# SPDX-License-Identifier: GPL-3.0-or-later
"""Why the robot did not store a program, in words a student can follow.

eeprom.write() refuses an upload with one error line (docs/storage.md): the program is too big,
a byte in it is not text, the simulator cannot save its file, or the heap cannot hold it. Its
own words say what it kept ("the old program is kept", "the stored program is now empty"), but
the IDE reads the storage back after every Put, so what the student is told the robot holds
comes from that read-back, not from the board's claim.
"""

from __future__ import annotations

import re

TOO_BIG = re.compile(r"program too big: (\d+) bytes, room for (\d+)")
NOT_TEXT = re.compile(r"not text: byte")
CANNOT_SAVE = re.compile(r"cannot save the program")
OUT_OF_MEMORY = re.compile(r"out of memory")

KEPT_OLD = "The robot kept its old program."
NOW_EMPTY = "The robot has no program now."
STILL_EMPTY = "The robot still has no program."


def too_big(size: int, room: int) -> str:
    return f"Your program is too big for this robot: {size} bytes, it has room for {room}."


def _why_and_what_next(refusal: str) -> tuple[str, str]:
    """What went wrong, and what the student can do about it."""
    found = TOO_BIG.search(refusal)
    if found:
        return (too_big(int(found.group(1)), int(found.group(2))),
                "Make your program shorter (take out lines or comments you do not need), "
                "then press Put again.")
    if NOT_TEXT.search(refusal):
        return ("Your program got damaged on its way to the robot: a letter in it came out "
                "as something that is not a letter.",
                "Check the cable, then press Put again.")
    if CANNOT_SAVE.search(refusal):
        return ("The simulator could not save your program in its file on this computer "
                "(maybe the disk is full, or the file cannot be changed).",
                "Make some room on the disk, then press Put again.")
    if OUT_OF_MEMORY.search(refusal):
        return ("The robot's memory is too full to take your program (things made in the "
                "REPL are using it).",
                "Press Reset to empty its memory, then press Put again.")
    return (f"The robot could not store your program. It said: {refusal}",
            "Press Put again.")


def explain(refusal: str, stored: bytes | None, old: bytes | None) -> str:
    """The message for a refused upload: why, what the robot holds now (stored, from the
    read-back: old, nothing, or unknown when None), and what to do."""
    why, what_next = _why_and_what_next(refusal)
    if stored is None:
        holds = ""
    elif stored == old and stored:
        holds = KEPT_OLD
    elif not stored:
        holds = STILL_EMPTY if old == b"" else NOW_EMPTY
    else:
        holds = ""
    return " ".join(part for part in (why, holds, what_next) if part)
