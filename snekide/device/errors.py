# SPDX-License-Identifier: GPL-3.0-or-later
"""Plain-words explanations of the error lines Snek prints (`<stdin>:3 undefined: foo`)."""

from __future__ import annotations

import re
from collections.abc import Callable

#: FILE:LINE message, as the firmware prints every error (FILE is `<stdin>` on a board).
ERROR_LINE = re.compile(r"^\s*(?P<file><[^>\s]*>|\S+\.py):(?P<line>\d+) (?P<message>.+?)\s*$")


def _syntax(near: str) -> str:
    if near == "end of line":
        return "this line stops too early: something is missing at its end, like a bracket, a value or a colon."
    if near == "end of file":
        return "the program stops too early: something is missing at its end."
    if near in ("indent", "dedent"):
        return "this line is pushed in or out where Snek did not expect it. Line it up with the lines around it."
    near = near.strip('"')
    return (f"Snek did not understand this line near '{near}'. "
            "Look for a missing bracket, colon, comma or quote.")


def _bad_args(wanted: str, got: str) -> str:
    if wanted == "0":
        return f"this function takes no values in its brackets, but it got {got}."
    values = "value" if wanted == "1" else "values"
    return f"this function needs {wanted} {values} in its brackets, but it got {got}."


def _mismatch(what: str | None) -> str:
    if not what:
        return "these values cannot go together."
    text = f"these values cannot go together ({what})."
    if "'" in what:
        text += " Maybe a number and a text are mixed: str() and int() can change one into the other."
    return text


#: (pattern on the message, explanation builder) in the order they are tried.
RULES: list[tuple[re.Pattern[str], Callable[..., str]]] = [
    (re.compile(r"undefined: (\S+)"),
     lambda name: f"Snek does not know the name '{name}'. Check the spelling, or give it a value first."),
    (re.compile(r"Syntax error at (.+?)\.?$"), _syntax),
    (re.compile(r"type mismatch(?:: (.+))?"),
     _mismatch),
    (re.compile(r"out of memory"),
     lambda: "the robot ran out of memory. Maybe a list keeps growing, or a function calls itself for ever."),
    (re.compile(r"stack overflow"),
     lambda: "too many functions are running inside each other. Maybe a function calls itself for ever."),
    (re.compile(r"bad args\. wanted (\d+) got (\d+)"), _bad_args),
    (re.compile(r"bad args"),
     lambda: "this function got the wrong number of values in its brackets."),
    (re.compile(r'bad arg "(.+)"'),
     lambda name: f"this function has no input called '{name}'."),
    (re.compile(r"index out of range(?:: (.+))?"),
     lambda at: ((f"there is nothing at position {at}" if at else "that position is not there") +
                 ". Remember that counting starts at 0, so the last position is one less than len()."),),
    (re.compile(r"key not found: (.+)"),
     lambda key: f"the dictionary has no key {key}. Put it in first, or check the spelling."),
    (re.compile(r"invalid type: (.+)"),
     lambda value: f"{value} is the wrong kind of value to use here."),
    (re.compile(r"invalid value: (.+)"),
     lambda value: f"the value {value} does not work here."),
    (re.compile(r"program too big: (\d+) bytes, room for (\d+)"),
     lambda size, room: f"your program is too big for this robot: {size} bytes, it has room for {room}."),
    (re.compile(r"not in loop"),
     lambda: "here break or continue is outside a loop: they only work inside for or while."),
    (re.compile(r"return outside function"),
     lambda: "here return is outside a function: it only works inside a def."),
    (re.compile(r"AssertionError"),
     lambda: "an assert check failed: what it checks is not true."),
    (re.compile(r"tab in indentation"),
     lambda: "this line is pushed in with a tab. Use spaces instead."),
    (re.compile(r"bad indentation"),
     lambda: "this line is not lined up with the lines above it."),
    (re.compile(r"unterminated string"),
     lambda: "a text is missing its closing quote."),
    (re.compile(r"too deeply nested"),
     lambda: "there are too many brackets or blocks inside each other."),
    (re.compile(r"duplicate argument: (\S+)"),
     lambda name: f"the function has two inputs called '{name}'. Give each a different name."),
    (re.compile(r"no pin: use talkto\(pin\) first"),
     lambda: "say which pin or motor to use first, for example talkto(M1)."),
    (re.compile(r"(too many|not enough) values for format"),
     lambda which: f"there are {which} values after % for the % signs in the text."),
    (re.compile(r"name too long"),
     lambda: "this name is too long. Use a shorter one."),
    (re.compile(r"bad \\x escape"),
     lambda: "after \\x in a text, write two hex digits (0-9, a-f), like \\x41 for A."),
    (re.compile(r"too big"),
     lambda: "this is too big for the robot. Make the function or the line smaller."),
]


def error_line(line: str) -> int | None:
    """The line number of a firmware error line, or None if line is not one.

    On a board errors name `<stdin>`: for the stored program (at boot, after Put)
    that is the program's own line; for REPL lines it counts the lines typed since
    the board started.
    """
    found = ERROR_LINE.match(line)
    return int(found.group("line")) if found else None


def explain(line: str) -> str | None:
    """A short explanation in plain words of a firmware error line, or None."""
    found = ERROR_LINE.match(line)
    if not found:
        return None
    message = found.group("message")
    for pattern, build in RULES:
        match = pattern.match(message)
        if match:
            text = build(*match.groups())
            return f"Line {found.group('line')}: {text[0].upper()}{text[1:]}"
    return None
