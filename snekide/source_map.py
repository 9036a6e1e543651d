# SPDX-License-Identifier: GPL-3.0-or-later
"""What a board's console line number stands for: a line the student typed, or a program line."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field


@dataclass(eq=False)
class Typed:
    """One statement typed (or pasted) at the REPL: its lines as sent, one per prompt."""
    lines: list[str] = field(default_factory=list)


@dataclass(frozen=True, eq=False)
class Program:
    """A program from an editor tab, sent line by line by Run."""
    name: str
    buffer_id: str | None = None


Origin = Typed | Program


@dataclass(frozen=True)
class Place:
    """Where a console line came from: line `line` (1-based) of `origin`, whose text is `text`."""
    origin: Origin
    line: int
    text: str


class SourceMap:
    """Console line numbers (as `<stdin>:N` names them) to places, for the lines the IDE sent.

    Forgotten when the board restarts (its numbering starts again). Keeps the newest
    `limit` lines: a REPL session can run for a whole lesson.
    """

    def __init__(self, limit: int = 20_000) -> None:
        self.limit = limit
        self._places: OrderedDict[int, Place] = OrderedDict()
        #: The statement being typed (lines sent since the last `> ` prompt).
        self.typing: Typed | None = None
        #: The last statement that was typed, finished or not.
        self.last_typed: Typed | None = None

    def clear(self) -> None:
        self._places.clear()
        self.typing = self.last_typed = None

    def typed(self, number: int | None, text: str, main: bool) -> Place:
        """A typed line went to the board at console line number, at a `> ` prompt if main."""
        if main or self.typing is None:
            self.typing = Typed()
        self.typing.lines.append(text)
        self.last_typed = self.typing
        place = Place(self.typing, len(self.typing.lines), text)
        self._keep(number, place)
        return place

    def program(self, number: int | None, origin: Program, line: int, text: str) -> Place:
        """Line `line` of a program went to the board at console line number."""
        self.typing = None
        place = Place(origin, line, text)
        self._keep(number, place)
        return place

    def statement_done(self) -> None:
        """The board printed `> `: the next typed line starts a new statement."""
        self.typing = None

    def find(self, number: int) -> Place | None:
        return self._places.get(number)

    def places(self) -> list[Place]:
        """Every place kept, oldest first."""
        return list(self._places.values())

    def _keep(self, number: int | None, place: Place) -> None:
        if number is None:
            return
        self._places[number] = place
        self._places.move_to_end(number)
        while len(self._places) > self.limit:
            self._places.popitem(last=False)
