# SPDX-License-Identifier: GPL-3.0-or-later
"""Which printed lines the plotter graphs, and the rows of numbers it keeps. No Qt here.

A line is a row when it holds nothing but numbers, separated by spaces or commas
(`print(x, y)` prints `1 2.5`), or is a tuple of numbers (`print((x, y))` prints
`(1, 2.5)`). Each position is one series. Words, lists, `inf` and `nan` make a line
that is not a row. The last MAX_ROWS rows are kept, numbered from 1 as they came.
"""

from __future__ import annotations

import csv
import io
import math
import re

import numpy as np

#: Positions graphed: more numbers on a line are kept out.
MAX_SERIES = 10
#: Rows kept (older ones are forgotten).
MAX_ROWS = 5000
#: A longer line is not a row (and text is kept no longer while waiting for a line's end).
MAX_LINE = 1000

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$")
_SEPARATOR = re.compile(r"\s*,\s*|\s+")


def parse_row(line: str) -> tuple[float, ...] | None:
    """The numbers of a printed line, or None if it is not a row of numbers."""
    text = line.strip()
    if not text or len(text) > MAX_LINE:
        return None
    if text[0] == "(" and text[-1] == ")":
        text = text[1:-1].strip()
        if text.endswith(","):          # a tuple of one: (5,)
            text = text[:-1].rstrip()
        parts = [part.strip() for part in text.split(",")]
    else:
        parts = _SEPARATOR.split(text)
    if not all(_NUMBER.match(part) for part in parts):
        return None
    values = tuple(float(part) for part in parts)
    if not all(math.isfinite(v) for v in values):
        return None
    return values


class PlotRows:
    """Rows of numbers from printed text, kept for the plotter and for saving."""

    def __init__(self, max_rows: int = MAX_ROWS, max_series: int = MAX_SERIES) -> None:
        self.max_rows = max_rows
        self.max_series = max_series
        # Twice the rows kept, so that forgetting old rows is a copy now and then.
        self._data = np.full((2 * max_rows, max_series), np.nan)
        self._start = self._end = 0
        self._partial = ""
        #: Rows taken since the last clear: the number of the newest row.
        self.count = 0
        #: The most numbers any kept row had (capped at max_series).
        self.series = 0
        #: Some line had more numbers than max_series.
        self.cut = False
        #: Changes with every row and every clear (for redrawing only when needed).
        self.version = 0

    def __len__(self) -> int:
        return self._end - self._start

    def feed(self, text: str) -> int:
        """Take printed text (any piece of it); the number of rows it completed."""
        lines = (self._partial + text).split("\n")
        self._partial = lines.pop()[-MAX_LINE - 1:]
        added = 0
        for line in lines:
            values = parse_row(line.rstrip("\r"))
            if values is not None:
                self.add(values)
                added += 1
        return added

    def add(self, values: tuple[float, ...]) -> None:
        if len(values) > self.max_series:
            self.cut = True
            values = values[:self.max_series]
        if self._end == len(self._data):
            keep = self.max_rows - 1
            self._data[:keep] = self._data[self._end - keep:self._end]
            self._data[keep:] = np.nan
            self._start, self._end = 0, keep
        self._data[self._end, :len(values)] = values
        self._end += 1
        if self._end - self._start > self.max_rows:
            self._start += 1
        self.count += 1
        self.series = max(self.series, len(values))
        self.version += 1

    def clear(self) -> None:
        self._data[self._start:self._end] = np.nan
        self._start = self._end = 0
        self.count = self.series = 0
        self.cut = False
        self.version += 1

    def rows(self) -> np.ndarray:
        """The row numbers kept (from 1, as they came)."""
        return np.arange(self.count - len(self) + 1, self.count + 1, dtype=float)

    def column(self, position: int) -> np.ndarray:
        """The values of one series (NaN where a row had no number there)."""
        return self._data[self._start:self._end, position]

    def to_csv(self) -> str:
        """Every kept row as CSV, for a spreadsheet: row, value 1, value 2, ..."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["row"] + [f"value {i + 1}" for i in range(self.series)])
        block = self._data[self._start:self._end, :self.series]
        for number, values in zip(self.rows(), block):
            writer.writerow([int(number)] + ["" if math.isnan(v) else _text(v) for v in values])
        return out.getvalue()


def _text(value: float) -> str:
    """A number as it was printed: 3 rather than 3.0."""
    value = float(value)
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
