# SPDX-License-Identifier: GPL-3.0-or-later
"""Which printed lines are rows of numbers, and the rows the plotter keeps."""

from __future__ import annotations

import csv
import io
import math

import pytest

from snekide.plot_rows import MAX_LINE, PlotRows, parse_row


@pytest.mark.parametrize("line, values", [
    ("1 2.5", (1, 2.5)),
    ("1, 2.5", (1, 2.5)),
    ("1,2,3", (1, 2, 3)),
    ("  -3  +4\t.5  ", (-3, 4, 0.5)),
    ("(1, 2.5)", (1, 2.5)),
    ("(0.25,)", (0.25,)),
    ("( -1 , 2 )", (-1, 2)),
    ("42", (42,)),
    ("1e-05 2E+3", (1e-05, 2000)),
    ("7.\r", (7,)),
])
def test_rows_of_numbers(line, values):
    assert parse_row(line) == values


@pytest.mark.parametrize("line", [
    "", "   ", "side 1", "x = 5", "1 2 three", "[1, 2]", "(1, (2, 3))", "()", "(,)",
    "1,,2", "1, 2,", "(1 2)", "inf", "1 nan", "1e999", "0x10", "1_000", "--1", "1-2",
    "Welcome to Snek 0.1.0", "1 " * 600, "((1, 2)",
])
def test_lines_that_are_not_rows(line):
    assert parse_row(line) is None


def test_printed_text_in_pieces():
    rows = PlotRows()
    assert rows.feed("1 2\n3") == 1
    assert rows.feed(" 4\nhello\n(5, 6") == 1
    assert rows.feed(")\n") == 1
    assert list(rows.rows()) == [1, 2, 3]
    assert list(rows.column(0)) == [1, 3, 5] and list(rows.column(1)) == [2, 4, 6]


def test_rows_of_different_lengths_leave_gaps():
    rows = PlotRows()
    rows.feed("1\n2 20 200\n3 30\n")
    assert rows.series == 3
    assert list(rows.column(1))[1:] == [20, 30] and math.isnan(rows.column(1)[0])


def test_the_oldest_rows_go_and_numbering_goes_on():
    rows = PlotRows(max_rows=100)
    for i in range(1, 1001):
        rows.add((i, -i))
    assert len(rows) == 100
    assert list(rows.rows()) == list(range(901, 1001))
    assert list(rows.column(0)) == list(range(901, 1001))
    assert list(rows.column(1)) == [-i for i in range(901, 1001)]


def test_only_the_first_positions_are_kept():
    rows = PlotRows(max_series=3)
    rows.feed(" ".join(str(i) for i in range(20)) + "\n")
    assert rows.series == 3 and rows.cut
    assert [rows.column(i)[0] for i in range(3)] == [0, 1, 2]


def test_clear_forgets_everything():
    rows = PlotRows()
    rows.feed("1 2\n3 4\n")
    version = rows.version
    rows.clear()
    assert len(rows) == 0 and rows.series == 0 and rows.version != version
    rows.feed("9\n")
    assert list(rows.rows()) == [1] and list(rows.column(0)) == [9]
    assert math.isnan(rows.column(1)[0])


def test_csv_for_a_spreadsheet():
    rows = PlotRows()
    rows.feed("(1, 0.5)\nside 2\n2\n3 -1.25\n")
    table = list(csv.reader(io.StringIO(rows.to_csv())))
    assert table == [["row", "value 1", "value 2"], ["1", "1", "0.5"], ["2", "2", ""],
                     ["3", "3", "-1.25"]]


def test_a_line_without_end_is_not_kept_whole():
    rows = PlotRows()
    for _ in range(1000):
        rows.feed("1" * 1000)
    assert len(rows._partial) <= MAX_LINE + 1
    assert rows.feed("\n5\n") == 1    # the endless line is not a row; the next one is


def test_the_x_axis_moves_in_round_steps():
    from snekide.plotter import row_range
    assert row_range(1, 7) == (0, 10)
    assert row_range(1, 42) == (0, 45)
    assert row_range(1, 4321) == (0, 4500)
    assert row_range(3001, 8000) == (3000, 8500)
    lo, hi = row_range(1, 99)
    assert [row_range(1, n) for n in range(95, 99)] == [(lo, hi)] * 4   # the same while it fits
