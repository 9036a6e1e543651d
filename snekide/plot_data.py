# SPDX-License-Identifier: GPL-3.0-or-later
"""The plotter's numbers: which printed lines are numbers, kept as one series per position."""

from __future__ import annotations

import math
import re

#: Points kept per series: older ones scroll away.
MAX_POINTS = 2000
#: Positions plotted: the numbers after these on a line are left out.
MAX_SERIES = 8
#: A longer line is not a row of numbers a student would graph.
MAX_LINE = 1000

_PROMPT = re.compile(r"^(?:[>+] )+")
_SEPARATOR = re.compile(r"\s*,\s*|\s+")


def numbers_in(line: str) -> tuple[float, ...] | None:
    """The numbers a printed line holds, or None if it is not a row of numbers.

    Numbers separated by spaces or commas (`1 2.5 -3`, `1, 2`), or a tuple of them
    (`(1, 2)`, `(4,)`), as `print(a, b)` and `print((a, b))` write them.
    """
    text = _PROMPT.sub("", line.strip()).strip()
    if not text or len(text) > MAX_LINE:
        return None
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip().rstrip(",").strip()
    parts = [p for p in _SEPARATOR.split(text) if p]
    if not parts:
        return None
    values = []
    for part in parts:
        try:
            value = float(part)
        except ValueError:
            return None
        if not math.isfinite(value):
            return None
        values.append(value)
    return tuple(values)


class PlotData:
    """Rows of numbers taken from a program's output, one series per position on the line."""

    def __init__(self, max_points: int = MAX_POINTS) -> None:
        self.max_points = max_points
        self.samples: list[int] = []           # the row number of each kept point
        self.series: list[list[float]] = []    # NaN where a row had no number at that position
        self.rows = 0
        self.widest = 0                        # the most numbers seen on one row
        self._partial = ""
        self._too_long = False   # dropping the rest of a line too long to be numbers

    def feed(self, text: str) -> int:
        """Take output as it comes (lines may arrive in pieces); how many rows it added."""
        self._partial += text.replace("\r", "")
        *lines, self._partial = self._partial.split("\n")
        if self._too_long and lines:
            lines = lines[1:]  # the end of a line too long to be numbers
            self._too_long = False
        if len(self._partial) > MAX_LINE:
            self._partial = ""
            self._too_long = True
        added = 0
        for line in lines:
            values = numbers_in(line)
            if values is not None:
                self.add(values)
                added += 1
        return added

    def add(self, values: tuple[float, ...]) -> None:
        values = values[:MAX_SERIES]
        self.widest = max(self.widest, len(values))
        while len(self.series) < len(values):
            self.series.append([math.nan] * len(self.samples))
        for i, series in enumerate(self.series):
            series.append(values[i] if i < len(values) else math.nan)
        self.samples.append(self.rows)
        self.rows += 1
        if len(self.samples) > self.max_points:
            drop = len(self.samples) - self.max_points
            del self.samples[:drop]
            for series in self.series:
                del series[:drop]

    def clear(self) -> None:
        self.samples.clear()
        self.series.clear()
        self.rows = 0
        self.widest = 0

    def to_csv(self) -> str:
        """The kept rows as CSV: the row number, then one column per series."""
        header = ["row"] + [f"value {i + 1}" for i in range(len(self.series))]
        rows = [",".join(header)]
        for k, sample in enumerate(self.samples):
            cells = [str(sample)] + ["" if math.isnan(s[k]) else format(s[k], ".10g") for s in self.series]
            rows.append(",".join(cells))
        return "\n".join(rows) + "\n"
