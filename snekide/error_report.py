# SPDX-License-Identifier: GPL-3.0-or-later
"""A board's error line (`<stdin>:N message`) turned into what the student reads: which line of
what they typed or of which program, the board's words, and a hint."""

from __future__ import annotations

from collections.abc import Callable, Iterable
import re
from dataclasses import dataclass

from snekide import hints
from snekide.device.errors import ERROR_LINE
from snekide.source_map import Place, Program, SourceMap, Typed

#: How an error's line was found.
TYPED, PROGRAM, STORED, UNKNOWN = "typed", "program", "stored", "unknown"


@dataclass(frozen=True)
class ErrorReport:
    message: str                # the board's words: "type mismatch: 'abc' + 1"
    where: str                  # "line 2 of what you typed", "line 5 of robot.py" or ""
    hint: str                   # what to do, in plain words
    kind: str = UNKNOWN
    buffer_id: str | None = None  # the editor tab holding the line, if any
    line: int = 0                 # that line in the tab

    @property
    def heading(self) -> str:
        """The error as the REPL shows it."""
        return f"Error in {self.where}: {self.message}" if self.where else f"Error: {self.message}"


@dataclass(frozen=True)
class StoredProgram:
    """The program the robot holds, as far as the IDE knows it (after a Put, Get or Run)."""
    name: str
    text: str
    buffer_id: str | None = None


def parse_error(line: str) -> tuple[int, str] | None:
    """(line number, message) of a firmware error line, or None if line is not one."""
    found = ERROR_LINE.match(line)
    return (int(found.group("line")), found.group("message")) if found else None


def _short(text: str, width: int = 30) -> str:
    text = text.strip()
    return text if len(text) <= width else text[:width - 1] + "…"


class ErrorReader:
    """Explains the board's errors, knowing what the IDE sent it (a SourceMap)."""

    def __init__(self, source_map: SourceMap,
                 similar_builtins: Callable[[str], Iterable[str]] = lambda name: ()) -> None:
        self.map = source_map
        self.similar_builtins = similar_builtins

    def _hint(self, message: str, line: str, program: list[str] | None = None,
              number: int = 0, extra_names: Iterable[str] = ()) -> str:
        texts = [place.text for place in self.map.places()]
        return hints.hint(message, line, program=program, number=number,
                          similar_builtins=self.similar_builtins,
                          known_names=hints.user_names([*texts, *extra_names]))

    def console_error(self, number: int, message: str) -> ErrorReport:
        """An error naming a console line (something typed, or sent by Run)."""
        place = self.map.find(number)
        if place is None:
            return ErrorReport(message, "", self._hint(message, ""), UNKNOWN)
        return self._at(place, message)

    def _at(self, place: Place, message: str) -> ErrorReport:
        origin = place.origin
        if isinstance(origin, Program):
            return ErrorReport(message, f"line {place.line} of {origin.name}",
                               self._hint(message, place.text), PROGRAM, origin.buffer_id,
                               place.line)
        assert isinstance(origin, Typed)
        if origin is not self.map.last_typed:
            where = f"line {place.line} of what you typed earlier ({_short(origin.lines[0])})"
        elif len(origin.lines) > 1:
            where = f"line {place.line} of what you typed"
        else:
            where = ""
        return ErrorReport(message, where, self._hint(message, place.text), TYPED)

    def program_error(self, number: int, message: str, program: StoredProgram | None) -> ErrorReport:
        """An error naming a line of a whole program: the robot's stored one at its start, or
        one checked before Put. Without the program, the line cannot be shown."""
        if program is None:
            return ErrorReport(message, f"line {number} of the robot's program",
                               hints.general(message), STORED, line=number)
        lines = program.text.split("\n")
        text = lines[number - 1] if 0 < number <= len(lines) else ""
        shown = min(number, max(1, len(program.text.rstrip("\n").split("\n"))))
        return ErrorReport(message, f"line {shown} of {program.name}",
                           self._hint(message, text, lines, number, [program.text]), PROGRAM,
                           program.buffer_id, shown)


# At the start of a line, text that may still become an error line (`<stdin>:12 message`).
_MAYBE_ERROR = re.compile(r"<[^>\s]*(?:>(?::(?:\d+(?: .*)?)?)?)?")


class ErrorLines:
    """Splits the board's output into text to show as it comes and whole error lines.

    A line that starts like an error line is held back until its end (an error is printed
    in one go, ending in a newline) so that it can be shown in the student's words instead.
    """

    def __init__(self) -> None:
        self._held = ""
        self._line_start = True

    def feed(self, text: str) -> list[str | tuple[int, str]]:
        """Pieces in order: text to show, or (line number, message) for an error line."""
        out: list[str | tuple[int, str]] = []
        text = self._held + text
        self._held = ""
        shown = ""
        while text:
            if self._line_start:
                end = text.find("\n")
                line = text if end < 0 else text[:end]
                if end < 0 and _MAYBE_ERROR.fullmatch(line):
                    self._held = line
                    break
                error = parse_error(line) if end >= 0 else None
                if error is not None:
                    if shown:
                        out.append(shown)
                        shown = ""
                    out.append(error)
                    text = text[end + 1:]
                    continue
            end = text.find("\n")
            if end < 0:
                shown += text
                self._line_start = False
                break
            shown += text[:end + 1]
            text = text[end + 1:]
            self._line_start = True
        if shown:
            out.append(shown)
        return out

    def flush(self) -> str:
        """Text held back (the board went quiet, or a prompt came): show it as it is."""
        held, self._held = self._held, ""
        if held:
            self._line_start = False
        return held
