# SPDX-License-Identifier: GPL-3.0-or-later
"""The plotter in the window, on the real simulator: printed tuples graphed, pause, clear, save."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtGui import QImage

from snekide.main_window import MainWindow
from snekide.plotter import EMPTY, PAUSED, Plotter

from .test_board_view import open_pane, run
from .test_window import (LEFT, WAIT, click, data_dir, firmware, make_window,  # noqa: F401
                          type_in_repl, wait_connected)


@pytest.fixture
def plotter(qtbot: Any, data_dir: Path, firmware: Path) -> tuple[MainWindow, Plotter]:
    """A window on the simulator with its Plotter open."""
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    open_pane(qtbot, window, "Plotter")
    assert window.plotter.status.text() == EMPTY
    return window, window.plotter


def graphed(qtbot: Any, plotter: Plotter, *series: list[float]) -> None:
    """Wait until the graph's lines show these values."""
    want = [list(map(float, values)) for values in series]
    try:
        qtbot.waitUntil(lambda: plotter.series_shown() == want, timeout=WAIT)
    except qtbot.TimeoutError:
        pytest.fail(f"the graph shows {plotter.series_shown()}, not {want}")


def test_a_stream_of_printed_tuples_is_graphed(qtbot, plotter):
    window, plot = plotter
    type_in_repl(qtbot, window, "for i in range(40):", "print((i, i * i % 7, -i))", "")
    graphed(qtbot, plot, list(range(40)), [i * i % 7 for i in range(40)], [-i for i in range(40)])
    x, _y = plot._curves[0].getData()
    assert list(x) == list(range(1, 41))                     # the rows, numbered as printed
    assert plot.status.text() == "40 rows printed."
    names = [label.text for _sample, label in plot.legend.items]
    assert names == ["1st number", "2nd number", "3rd number"]


def test_numbers_separated_by_spaces_or_commas_and_words_left_out(qtbot, plotter):
    window, plot = plotter
    run(qtbot, window, "print(1, 2); print('side', 3); print('4,5'); print('done')", "done")
    graphed(qtbot, plot, [1, 4], [2, 5])


def test_pause_holds_the_graph_and_go_on_catches_up(qtbot, plotter):
    window, plot = plotter
    run(qtbot, window, "print(1, 10)", "1 10")
    graphed(qtbot, plot, [1], [10])
    qtbot.mouseClick(plot.pause_button, LEFT)
    assert plot.pause_button.text() == "Go on" and plot.status.text() == PAUSED
    run(qtbot, window, "print(2, 20); print(3, 30); print('more')", "more")
    qtbot.wait(300)                                       # several redraw ticks go by
    assert plot.series_shown() == [[1.0], [10.0]]
    qtbot.mouseClick(plot.pause_button, LEFT)
    assert plot.pause_button.text() == "Pause"
    graphed(qtbot, plot, [1, 2, 3], [10, 20, 30])


def test_clear_forgets_what_was_printed(qtbot, plotter):
    window, plot = plotter
    run(qtbot, window, "print((5, 6))", "(5, 6)")
    graphed(qtbot, plot, [5], [6])
    qtbot.mouseClick(plot.clear_button, LEFT)
    graphed(qtbot, plot)
    assert plot.status.text() == EMPTY
    run(qtbot, window, "print((7,))", "(7,)")
    graphed(qtbot, plot, [7])


def test_save_the_graph_as_a_picture_and_the_numbers_as_csv(qtbot, plotter, tmp_path):
    window, plot = plotter
    type_in_repl(qtbot, window, "for i in range(5):", "print(i, i / 2)", "")
    graphed(qtbot, plot, [0, 1, 2, 3, 4], [0, 0.5, 1, 1.5, 2])
    asked: list[str] = []

    def answer(title: str, suggestion: str, name_filter: str) -> Path:
        asked.append(suggestion)
        return tmp_path / Path(suggestion).stem              # the student left off the ending
    plot.ask_path = answer
    qtbot.mouseClick(plot.png_button, LEFT)
    picture = QImage(str(tmp_path / "graph.png"))
    assert not picture.isNull()
    assert (picture.width(), picture.height()) == (plot.graph.width(), plot.graph.height())
    assert plot.status.text() == "Saved the picture graph.png."
    qtbot.mouseClick(plot.csv_button, LEFT)
    table = list(csv.reader(io.StringIO((tmp_path / "numbers.csv").read_text())))
    assert table == [["row", "value 1", "value 2"]] + [
        [str(i + 1), str(i), str(i / 2).removesuffix(".0")] for i in range(5)]
    assert plot.status.text() == "Saved 5 rows of numbers in numbers.csv."
    assert asked == ["graph.png", "numbers.csv"]


def test_a_save_that_fails_says_so_and_keeps_the_numbers(qtbot, plotter, tmp_path):
    window, plot = plotter
    run(qtbot, window, "print(1, 2)", "1 2")
    graphed(qtbot, plot, [1], [2])
    plot.ask_path = lambda *_: tmp_path / "no such folder" / "numbers.csv"
    qtbot.mouseClick(plot.csv_button, LEFT)
    assert plot.status.text().startswith("Could not save numbers.csv")
    plot.ask_path = lambda *_: tmp_path / "no such folder" / "graph.png"
    qtbot.mouseClick(plot.png_button, LEFT)
    assert plot.status.text().startswith("Could not save the picture graph.png")
    plot.ask_path = lambda *_: None                          # the student pressed Cancel
    qtbot.mouseClick(plot.csv_button, LEFT)
    assert plot.series_shown() == [[1.0], [2.0]]


def test_rows_are_kept_while_the_plotter_is_hidden(qtbot, plotter):
    window, plot = plotter
    open_pane_action = next(a for a in window.menuBar().actions() if a.text() == "&View")
    hide = next(a for a in open_pane_action.menu().actions() if a.text() == "Plotter")
    hide.trigger()
    qtbot.waitUntil(lambda: not plot.isVisible(), timeout=WAIT)
    run(qtbot, window, "print(3, 4)", "3 4")
    hide.trigger()
    graphed(qtbot, plot, [3], [4])


def test_output_is_only_taken_drawing_waits_for_the_timer(qtbot, plotter):
    window, plot = plotter
    drawn = plot._drawn
    plot.take_output("".join(f"{i} {i}\n" for i in range(3000)))
    assert plot._drawn == drawn and plot.series_shown() == []
    # Every row is drawn (the view may show fewer points than the dock has pixels for: peaks).
    want = [list(map(float, range(3000)))] * 2
    qtbot.waitUntil(lambda: [[float(v) for v in curve.yData] for curve in plot._curves] == want,
                    timeout=WAIT)
