# SPDX-License-Identifier: GPL-3.0-or-later
"""Snek text as the board's lexer reads it, line by line: the one place for these rules.

Whether a statement goes on is the board's to say (it answers `+ ` or `> `); the IDE only needs
to know which lines to type for a program (blank lines end a block at the REPL), which bracket
is still open (to tell the student how to get out), and how far to indent the next line.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from snekide.device.protocol import lf_lines

#: Spaces per indentation level (the board refuses tabs in indentation).
INDENT = 4

#: After these the next line usually goes one level out.
DEDENT_AFTER = frozenset({"return", "pass", "break", "continue"})

#: Statements that start a block; the REPL keeps asking for lines after them.
COMPOUND = frozenset({"if", "elif", "else", "while", "for", "def"})

# Names may contain dots in Snek (`math.sqrt` is one name), so `if.x` is not `if`.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
_CLOSERS = {")": "(", "]": "[", "}": "{"}


class Scanner:
    """Follows brackets, strings and backslash-newlines across physical lines, as the lexer does."""

    def __init__(self) -> None:
        self.brackets: list[tuple[str, int]] = []   # open brackets and the line of each
        self.quote = ""        # a string continued by backslash-newline
        self.joined = False    # the last line ended with a backslash
        self.line = 0

    @property
    def open(self) -> bool:
        """The statement goes on to the next physical line whatever it holds."""
        return bool(self.brackets) or self.joined

    def feed(self, line: str) -> str:
        """Scan one physical line; return its code with any comment cut off."""
        self.line += 1
        i, n = 0, len(line)
        escaped_eol = False
        while i < n:
            c = line[i]
            if self.quote:
                if c == "\\":
                    escaped_eol = i + 1 == n
                    i += 2
                    continue
                if c == self.quote:
                    self.quote = ""
            elif c == "#":
                line = line[:i]
                break
            elif c in "([{":
                self.brackets.append((c, self.line))
            elif c in _CLOSERS:
                if self.brackets:   # the board ignores a stray closer; so do we
                    self.brackets.pop()
            elif c in "'\"":
                self.quote = c
            elif c == "\\" and i + 1 == n:
                escaped_eol = True
            i += 1
        if not escaped_eol:
            self.quote = ""   # an unterminated string: the board will say so
        self.joined = escaped_eol
        return line


def first_word(code: str) -> str:
    match = _NAME.match(code.lstrip())
    return match.group() if match else ""


def open_bracket(lines: list[str]) -> tuple[str, int] | None:
    """The innermost bracket still open after these lines, and its line (1-based), if any."""
    scanner = Scanner()
    for line in lines:
        scanner.feed(line)
    return scanner.brackets[-1] if scanner.brackets else None


def next_indent(lines: list[str]) -> str:
    """The indentation to offer on the next line of a statement typed so far (a guess for
    convenience: the board decides whether the statement goes on)."""
    scanner = Scanner()
    last_code, last_indent, last_open = "", 0, False
    for line in lines:
        was_open = scanner.open
        code = scanner.feed(line).strip()
        if not was_open and code:
            last_indent = len(line) - len(line.lstrip(" "))
        if code:
            last_code = code
        last_open = scanner.open
    if last_open:
        return " " * last_indent
    if last_code.endswith(":"):
        return " " * (last_indent + INDENT)
    if first_word(last_code) in DEDENT_AFTER:
        return " " * max(0, last_indent - INDENT)
    return " " * last_indent


@dataclass(frozen=True)
class SourceLine:
    """A line to type at the REPL, with its number in the text it came from."""
    number: int
    text: str


def lines_to_type(text: str) -> list[SourceLine]:
    """The lines of a program to type at the board's REPL, in order, each with its line number.

    Blank lines and comment-only lines are left out: at the REPL a blank line ends a block, and
    each line costs a prompt. Inside a string continued by a backslash every line is kept.
    Trailing spaces go; tabs in the indentation stay (the board explains that error).
    """
    scanner = Scanner()
    out: list[SourceLine] = []
    for number, line in enumerate(lf_lines(text).split("\n"), start=1):
        in_string = scanner.joined and bool(scanner.quote)
        code = scanner.feed(line)
        if in_string or code.strip():
            out.append(SourceLine(number, line.rstrip() if not scanner.quote else line))
    return out


def pasted_lines(text: str) -> list[str]:
    """Text pasted into the REPL as the lines to type: common indentation removed, tabs as
    spaces, blank and comment-only lines left out."""
    text = textwrap.dedent(lf_lines(text).expandtabs(INDENT))
    return [line.text for line in lines_to_type(text)]


def opens_block(line: str) -> bool:
    """Whether a line starts a compound statement (only for wording hints, never to decide)."""
    return first_word(line) in COMPOUND
