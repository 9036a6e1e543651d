# SPDX-License-Identifier: GPL-3.0-or-later
"""The lines typed at the REPL, recalled with Up and Down as in a terminal."""

from __future__ import annotations


class InputHistory:
    """Up goes back through the lines entered, Down comes forward again; the line being
    edited when Up was first pressed comes back at the end."""

    def __init__(self, limit: int = 500) -> None:
        self.limit = limit
        self._lines: list[str] = []
        self._at: int | None = None   # index being shown, None when editing a new line
        self._draft = ""

    def add(self, line: str) -> None:
        """A line was entered (blank lines and repeats of the last one are not kept)."""
        self._at = None
        if line.strip() and (not self._lines or self._lines[-1] != line):
            self._lines.append(line)
            del self._lines[:-self.limit]

    def back(self, current: str) -> str | None:
        """The line before the one shown (current is what the input holds now), or None."""
        if not self._lines or self._at == 0:
            return None
        if self._at is None:
            self._draft = current
            self._at = len(self._lines)
        self._at -= 1
        return self._lines[self._at]

    def forward(self) -> str | None:
        """The line after the one shown, the draft after the newest, or None."""
        if self._at is None:
            return None
        self._at += 1
        if self._at == len(self._lines):
            self._at = None
            return self._draft
        return self._lines[self._at]
