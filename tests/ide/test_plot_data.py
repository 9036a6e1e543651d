# SPDX-License-Identifier: GPL-3.0-or-later
"""The plotter's numbers: which printed lines count, and how rows become series."""

import math

import pytest

from snekide.plot_data import MAX_SERIES, PlotData, numbers_in


@pytest.mark.parametrize('line, numbers', [
    ('1 2 3', (1, 2, 3)),
    ('1, 2.5, -3', (1, 2.5, -3)),
    ('(4, 5)', (4, 5)),
    ('(4,)', (4,)),
    ('42', (42,)),
    ('  1e3\t-0.5  ', (1000, -0.5)),
    ('> 7 8', (7, 8)),
    ('(1.5, 2)\r', (1.5, 2)),
])
def test_rows_of_numbers(line, numbers):
    assert numbers_in(line) == numbers


@pytest.mark.parametrize('line', ['', '   ', 'hello', '1 two 3', '[1, 2]', '()', 'inf 1',
                                  'nan', '(1, 2', '1 2)', ',', 'x = 5', '1' * 2000])
def test_lines_that_are_not_rows_of_numbers(line):
    assert numbers_in(line) is None


def test_output_in_pieces_becomes_rows_and_series_grow_with_gaps():
    data = PlotData()
    assert data.feed('(1, 2)\n(3') == 1
    assert data.feed(', 4)\nnot a number\n5\n6 7 8\n') == 3
    assert data.samples == [0, 1, 2, 3]
    assert data.series[0] == [1, 3, 5, 6]
    assert data.series[1][:2] == [2, 4] and math.isnan(data.series[1][2])
    assert all(math.isnan(v) for v in data.series[2][:3]) and data.series[2][3] == 8


def test_old_rows_scroll_away():
    data = PlotData(max_points=10)
    data.feed(''.join(f'{i} {-i}\n' for i in range(25)))
    assert data.rows == 25
    assert data.samples == list(range(15, 25))
    assert data.series[1] == [-i for i in range(15, 25)]


def test_a_line_with_very_many_numbers_makes_few_series():
    data = PlotData()
    data.feed(' '.join(['1'] * 500) + '\n')
    assert len(data.series) == MAX_SERIES


def test_an_endless_line_is_dropped_not_kept():
    data = PlotData()
    for _ in range(100):
        data.feed('1 ' * 100)
    data.feed('\n2\n')
    assert data.series == [[2.0]]


def test_csv_and_clear():
    data = PlotData()
    data.feed('1 2\n3\n0.1 1e-07\n')
    assert data.to_csv() == 'row,value 1,value 2\n0,1,2\n1,3,\n2,0.1,1e-07\n'
    data.clear()
    assert data.to_csv() == 'row\n' and data.rows == 0
