# SPDX-License-Identifier: GPL-3.0-or-later
"""The statement rules: which lines a program types at the REPL, open brackets, indentation."""

from __future__ import annotations

import pytest

from snekide.device.statements import (SourceLine, lines_to_type, next_indent, open_bracket,
                                       pasted_lines)


def test_a_program_is_typed_without_blank_and_comment_lines():
    program = ("# Drive\r\ndef square(n):\n    if n > 0:\n        return n * n\n\n"
               "    # no more\n    return 0   \n\nx = [1,\n\n     2]\nprint(square(x[1]))")
    assert lines_to_type(program) == [
        SourceLine(2, "def square(n):"), SourceLine(3, "    if n > 0:"),
        SourceLine(4, "        return n * n"), SourceLine(7, "    return 0"),
        SourceLine(9, "x = [1,"), SourceLine(11, "     2]"),
        SourceLine(12, "print(square(x[1]))"),
    ]


def test_lines_inside_a_continued_string_are_kept_as_they_are():
    program = "s = 'one\\\n# two'\nprint(s)\n"   # the # is in the text, not a comment
    assert [line.number for line in lines_to_type(program)] == [1, 2, 3]


def test_brackets_and_quotes_are_not_confused():
    assert open_bracket(['print("(")']) is None
    assert open_bracket(["x = [1, {2: (3,"]) == ("(", 1)
    assert open_bracket(["f(1,", "  # )", "  [2"]) == ("[", 3)
    assert open_bracket(["f(1)) + (2"]) == ("(", 1)   # a stray closer, like the board


@pytest.mark.parametrize(("lines", "indent"), [
    (["if x:"], "    "),
    (["if x:", "    y()"], "    "),
    (["def f():", "    return 1"], ""),
    (["while True:", "    if a:", "        break"], "    "),
    (["    g(1,"], "    "),
    (["x = 1  # a: comment"], ""),
    (["s = '#:'"], ""),
])
def test_next_indent(lines, indent):
    assert next_indent(lines) == indent


def test_pasted_text_is_dedented_and_tabs_become_spaces():
    assert pasted_lines("    for i in x:\n    \tprint(i)\n\n") == ["for i in x:", "    print(i)"]
