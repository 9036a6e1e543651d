# SPDX-License-Identifier: GPL-3.0-or-later
"""A hint for an error, in words a child can follow: specific when the line shows the slip
(`=` for `==`, a missing colon, a misspelled name), else the general explanation."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable

from snekide.device.errors import RULES
from snekide.device.statements import COMPOUND, Scanner, first_word

#: Compound statements whose line holds a condition: `=` there is a slip for `==`.
_CONDITIONS = frozenset({"if", "elif", "while"})
# A lone `=`: not part of ==, <=, >=, !=, +=, -=, *=, /=, //=, %=, ...
_LONE_EQUALS = re.compile(r"(?<![=<>!+\-*/%&|^~:])=(?!=)")
_UNDEFINED = re.compile(r"undefined: (\S+)")
_USER_NAME = re.compile(r"^\s*(?:def\s+([A-Za-z_][\w.]*)|([A-Za-z_][\w.]*)\s*=[^=])", re.MULTILINE)
_AT_EQUALS = 'Syntax error at "=".'
_AT_END = ("Syntax error at end of line.", "Syntax error at end of file.")


def general(message: str) -> str:
    """The general explanation of an error message, or '' if there is none."""
    for pattern, build in RULES:
        match = pattern.match(message)
        if match:
            text = build(*match.groups())
            return text[0].upper() + text[1:]
    return ""


def code_of(line: str) -> str:
    """A line without its comment and outer spaces."""
    return Scanner().feed(line).strip()


def equals_for_compare(message: str, line: str) -> str:
    code = code_of(line)
    if message != _AT_EQUALS or first_word(code) not in _CONDITIONS:
        return ""
    fixed = _LONE_EQUALS.sub("==", code, count=1)
    return (f"To check whether two values are equal, write == (two equals signs): {fixed}  "
            "One = gives a name a value.")


def missing_colon(message: str, line: str) -> str:
    code = code_of(line)
    word = first_word(code)
    if message not in _AT_END or word not in COMPOUND or code.endswith(":"):
        return ""
    return f"A line that starts with {word} needs a colon : at its end: {code}:"


def unclosed_bracket(message: str, lines: list[str], number: int) -> str:
    """A line that stops too early because a bracket above it was never closed."""
    if message not in _AT_END:
        return ""
    scanner = Scanner()
    for line in lines[:number]:
        scanner.feed(line)
    if not scanner.brackets:
        return ""
    bracket, where = scanner.brackets[-1]
    closer = {"(": ")", "[": "]", "{": "}"}[bracket]
    return f"The {bracket} in line {where} is never closed: add a {closer} where it should end."


def user_names(texts: Iterable[str]) -> set[str]:
    """Names given a value or defined in these texts."""
    names: set[str] = set()
    for text in texts:
        for match in _USER_NAME.finditer(text):
            names.add(match.group(1) or match.group(2))
    return names


def misspelled(message: str, similar_builtins: Callable[[str], Iterable[str]],
               known: Iterable[str]) -> str:
    match = _UNDEFINED.fullmatch(message)
    if not match:
        return ""
    name = match.group(1)
    mine = difflib.get_close_matches(name, sorted(set(known) - {name}), n=2, cutoff=0.75)
    guesses = list(dict.fromkeys([*similar_builtins(name), *mine]))[:3]
    if not guesses:
        return ""
    choices = " or ".join(guesses)
    return (f"Snek does not know the name '{name}'. Did you mean {choices}? "
            "Check the spelling: capital letters count.")


def hint(message: str, line: str = "", *, program: list[str] | None = None, number: int = 0,
         similar_builtins: Callable[[str], Iterable[str]] = lambda name: (),
         known_names: Iterable[str] = ()) -> str:
    """The hint for the board's error message about line (its text, if known).

    program: all the lines, when the error is about a whole program (number is its line).
    """
    return (equals_for_compare(message, line)
            or missing_colon(message, line)
            or (unclosed_bracket(message, program, number) if program is not None else "")
            or misspelled(message, similar_builtins, known_names)
            or general(message))
