# SPDX-License-Identifier: GPL-3.0-or-later
"""errors.explain() and errors.error_line() on every error form the firmware prints."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from snekide.device.errors import error_line, explain

ROOT = Path(__file__).resolve().parents[2]
FAIL = ROOT / "tests" / "lang" / "fail"


@pytest.mark.parametrize("line, expected", [
    ("<stdin>:3 undefined: foo",
     "Line 3: Snek does not know the name 'foo'. Check the spelling, or give it a value first."),
    ('<stdin>:8 Syntax error at ":".',
     "Line 8: Snek did not understand this line near ':'. Look for a missing bracket, colon, "
     "comma or quote."),
    ("<stdin>:4 Syntax error at end of line.",
     "Line 4: This line stops too early: something is missing at its end, like a bracket, "
     "a value or a colon."),
    ("<stdin>:9 Syntax error at indent.",
     "Line 9: This line is pushed in or out where Snek did not expect it. Line it up with "
     "the lines around it."),
    ("<stdin>:3 type mismatch: 'a' + 1",
     "Line 3: These values cannot go together ('a' + 1). Maybe a number and a text are mixed: "
     "str() and int() can change one into the other."),
    ("<stdin>:4 out of memory",
     "Line 4: The robot ran out of memory. Maybe a list keeps growing, or a function calls "
     "itself for ever."),
    ("<stdin>:3 stack overflow",
     "Line 3: Too many functions are running inside each other. Maybe a function calls itself "
     "for ever."),
    ("<stdin>:5 bad args. wanted 2 got 3",
     "Line 5: This function needs 2 values in its brackets, but it got 3."),
    ("<stdin>:5 bad args. wanted 1 got 0",
     "Line 5: This function needs 1 value in its brackets, but it got 0."),
    ('<stdin>:5 bad arg "z"', "Line 5: This function has no input called 'z'."),
    ("<stdin>:4 index out of range: 5",
     "Line 4: There is nothing at position 5. Remember that counting starts at 0, so the last "
     "position is one less than len()."),
    ("<stdin>:4 key not found: 'x'",
     "Line 4: The dictionary has no key 'x'. Put it in first, or check the spelling."),
    ("<stdin>:3 invalid type: None", "Line 3: None is the wrong kind of value to use here."),
    ("<stdin>:3 invalid value: 2.5", "Line 3: The value 2.5 does not work here."),
    ("<stdin>:1 program too big: 590 bytes, room for 255",
     "Line 1: Your program is too big for this robot: 590 bytes, it has room for 255."),
])
def test_explain(line, expected):
    assert explain(line) == expected


@pytest.fixture(scope="session")
def firmware() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)
    return ROOT / "firmware" / "build" / "posix" / "snek"


@pytest.mark.parametrize("program", sorted(FAIL.glob("*.py")), ids=lambda path: path.stem)
def test_every_error_of_the_language_tests_is_explained(firmware, program):
    """The real firmware's message for each failing language test gets an explanation."""
    header = re.match(r"# error: (\d+) ", program.read_text().splitlines()[0])
    assert header, program
    run = subprocess.run([str(firmware), str(program)], capture_output=True, text=True,
                         timeout=60, check=False)
    assert run.returncode == 1
    line = run.stderr.strip().splitlines()[-1]
    assert error_line(line) == int(header.group(1)), line
    explanation = explain(line)
    assert explanation is not None, line
    assert explanation.startswith(f"Line {header.group(1)}: ")


@pytest.mark.parametrize("line, number", [
    ("<stdin>:3 undefined: foo", 3),
    ("prog.py:12 bad indentation", 12),
    ("hello", None),
    ("count 10", None),
    ("42", None),
    ("time: 12 seconds", None),
])
def test_error_line(line, number):
    assert error_line(line) == number


def test_ordinary_output_is_not_explained():
    assert explain("hello, robot") is None
    assert explain("<stdin>:2 something new") is None
