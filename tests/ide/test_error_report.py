# SPDX-License-Identifier: GPL-3.0-or-later
"""Errors in the student's words: where (what they typed, or which program), what, and a hint."""

from __future__ import annotations

import pytest

from snekide import hints
from snekide.device.builtin_names import one_slip_away, similar_builtins
from snekide.error_report import (PROGRAM, STORED, TYPED, UNKNOWN, ErrorLines, ErrorReader,
                                  StoredProgram)
from snekide.repl_history import InputHistory
from snekide.source_map import Program, SourceMap


def reader() -> tuple[ErrorReader, SourceMap]:
    source = SourceMap()
    return ErrorReader(source, similar_builtins), source


def test_a_one_line_statement_needs_no_line_number():
    errors, source = reader()
    source.typed(9, '"abc" + 1', main=True)
    report = errors.console_error(9, "type mismatch: 'abc' + 1")
    assert (report.kind, report.heading) == (TYPED, "Error: type mismatch: 'abc' + 1")
    assert "cannot go together" in report.hint


def test_a_block_names_the_line_within_what_was_typed():
    errors, source = reader()
    for number, (text, main) in enumerate([("def f():", True), ("    return nope", False),
                                           ("", False)], start=14):
        source.typed(number, text, main)
    report = errors.console_error(15, "undefined: nope")
    assert report.heading == "Error in line 2 of what you typed: undefined: nope"
    source.statement_done()
    source.typed(17, "f()", main=True)
    report = errors.console_error(15, "undefined: nope")
    assert report.where == "line 2 of what you typed earlier (def f():)"


def test_a_run_names_the_editors_line():
    errors, source = reader()
    origin = Program("robot.py", "buffer-1")
    source.program(30, origin, 7, "print(x + 'a')")
    report = errors.console_error(30, "type mismatch: 1 + 'a'")
    assert (report.kind, report.where, report.buffer_id, report.line) == (
        PROGRAM, "line 7 of robot.py", "buffer-1", 7)


def test_an_unknown_line_is_not_given_a_number_that_means_nothing():
    errors, _ = reader()
    report = errors.console_error(99, "undefined: x")
    assert (report.kind, report.heading) == (UNKNOWN, "Error: undefined: x")


def test_the_stored_programs_errors_name_its_lines_or_say_it_is_unknown():
    errors, _ = reader()
    report = errors.program_error(2, 'Syntax error at "=".',
                                  StoredProgram("robot.py", "x = 1\nif x = 3:\n", "b"))
    assert (report.where, report.line, report.buffer_id) == ("line 2 of robot.py", 2, "b")
    assert "==" in report.hint
    report = errors.program_error(3, "undefined: x", None)
    assert (report.kind, report.line) == (STORED, 3)


def test_a_bracket_never_closed_is_found_where_it_opened():
    errors, _ = reader()
    report = errors.program_error(4, "Syntax error at end of line.",
                                  StoredProgram("p.py", "x = 1\ny = [1,\n2,\n"))
    assert report.line == 3   # the error is past the end: the last line is shown
    assert report.hint == "The [ in line 2 is never closed: add a ] where it should end."


@pytest.mark.parametrize(("message", "line", "hint"), [
    ('Syntax error at "=".', "if x = 3:",
     "To check whether two values are equal, write == (two equals signs): if x == 3:"),
    ('Syntax error at "=".', "while a <= b = c:", "while a <= b == c:"),
    ("Syntax error at end of line.", "for i in range(3)  # go",
     "A line that starts with for needs a colon : at its end: for i in range(3):"),
    ("Syntax error at end of line.", "else", "at its end: else:"),
    ("undefined: prnt", "prnt(1)", "Did you mean print?"),
    ("undefined: talkot", "talkot(M1)", "Did you mean talkto?"),
    ("undefined: rnage", "for i in rnage(3):", "Did you mean range?"),
    ("undefined: zzzz", "zzzz", "Snek does not know the name 'zzzz'. Check the spelling"),
])
def test_common_slips_get_specific_hints(message, line, hint):
    assert hint in hints.hint(message, line, similar_builtins=similar_builtins)


def test_the_boards_own_names_are_asked_for():
    assert similar_builtins("led", "uno") == ("LED", "len")
    assert "LED" not in similar_builtins("led", "snekboard")   # a Snekboard has no LED pin
    assert "M1" in similar_builtins("M5", "snekboard")
    assert "prnt" not in one_slip_away("prnt") and "print" in one_slip_away("prnt")


def test_the_students_own_names_are_suggested_too():
    errors, source = reader()
    source.typed(1, "def square(n):", main=True)
    source.typed(2, "sqare(3)", main=True)
    assert "Did you mean square?" in errors.console_error(2, "undefined: sqare").hint


def test_error_lines_are_held_back_until_whole_and_the_rest_flows():
    lines = ErrorLines()
    assert lines.feed("hello\n<std") == ["hello\n"]
    assert lines.feed("in>:5 undefined: x\nmore") == [(5, "undefined: x"), "more"]
    assert lines.feed(" text\n<b>bold</b>\n") == [" text\n<b>bold</b>\n"]
    assert lines.feed("<") == []
    assert lines.flush() == "<"


def test_history_goes_back_and_forward_keeping_the_draft():
    history = InputHistory()
    for line in ("a", "b", "b", "", "c"):
        history.add(line)
    assert history.back("draft") == "c"
    assert history.back("c") == "b"
    assert history.back("b") == "a"
    assert history.back("a") is None
    assert [history.forward(), history.forward(), history.forward()] == ["b", "c", "draft"]
    assert history.forward() is None
