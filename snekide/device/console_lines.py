# SPDX-License-Identifier: GPL-3.0-or-later
"""The number a board gives each line it reads at its console, as its errors name it (`<stdin>:N`).

The board's lexer counts the lines it reads at the console from 1, starting again whenever the
console takes over: at every start, after the stored program. It prints one prompt before each
line it reads, so counting prompts counts lines, with one exception: a ^C that finds the board
waiting at a prompt reads no line, and the prompt that follows asks for the same line again.
"""

from __future__ import annotations


class ConsoleLines:
    """Feed it what goes over the wire, in order; `current` is the number of the line the board
    waits for at its last prompt, or None while unknown (a board found running, not started)."""

    def __init__(self) -> None:
        self.current: int | None = None
        self._line_sent = False         # a line went out since the last prompt
        self._idle_at_interrupt = False  # the last ^C found the board waiting at a prompt
        self._repeat = False            # the next prompt asks for the same line again

    def booted(self) -> None:
        """The banner came: the console starts at line 1 after the stored program."""
        self.current = 0
        self._line_sent = self._idle_at_interrupt = self._repeat = False

    def sent(self, data: bytes, ctrl_c: int, newline: int) -> None:
        """Bytes written to the board, in order: each ^C and each line end matter."""
        for code in data:
            if code == ctrl_c:
                self._idle_at_interrupt = not self._line_sent
            elif code == newline:
                self._line_sent = True

    def interrupted(self) -> None:
        """The board printed `^C`: it dropped what it was reading or running."""
        self._repeat = self._idle_at_interrupt
        self._idle_at_interrupt = False

    def found(self, number: int) -> None:
        """The board named the line it just read (in an error): that settles the count."""
        self.current = number
        self._repeat = False

    def prompt(self) -> int | None:
        """The board printed a prompt; returns the number of the line it now waits for."""
        self._line_sent = False
        if self.current is not None and not self._repeat:
            self.current += 1
        self._repeat = False
        return self.current
