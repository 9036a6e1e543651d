# SPDX-License-Identifier: GPL-3.0-or-later
"""What Run and Put check and say before the robot gets a program: the words and the rules."""

from __future__ import annotations

import logging

from snekide.error_report import ErrorReader, ErrorReport, StoredProgram
from snekide.program_check import CheckUnavailable, compile_error

log = logging.getLogger(__name__)

EMPTY_PUT_TITLE = "Erase the robot's program?"
EMPTY_PUT_QUESTION = ("This program is empty. If you Put it, the robot forgets the program it "
                      "has now, and does nothing when it starts.\n\nErase the robot's program?")
EMPTY_PUT_KEPT = "Nothing was sent: the robot keeps its program."


def is_empty(text: str) -> bool:
    return not text.strip()


def compile_problem(text: str, name: str, buffer_id: str | None,
                    reader: ErrorReader) -> ErrorReport | None:
    """Why the program cannot go to the robot (it does not compile), or None if it can.

    The host firmware compiles it without running it; when that cannot be asked, the
    robot itself will say (after Put) what is wrong."""
    try:
        found = compile_error(text)
    except CheckUnavailable as error:
        log.warning("could not check the program before Put: %s", error)
        return None
    if found is None:
        return None
    number, message = found
    return reader.program_error(number, message, StoredProgram(name, text, buffer_id))


def not_sent_note(report: ErrorReport) -> str:
    """What the REPL says above the error when Put refuses a program."""
    return (f"Your program was not sent to the robot: Snek cannot understand {report.where}. "
            "Fix it, then press Put again.")


def not_sent_status(report: ErrorReport) -> str:
    return f"Not sent: fix {report.where} first (the REPL says what is wrong)."


def running_note(name: str) -> str:
    return f"Running {name} (not kept on the robot: Put keeps it)…"


def stored_error_note(report: ErrorReport) -> str:
    """An error of the robot's stored program when the IDE does not know that program (at
    start, say): no line to show beside the editor, so say where to find it."""
    return (f"The program kept on the robot stopped at its line {report.line}: "
            f"{report.message}. Press Get to see it, or Put a new one.")
