# SPDX-License-Identifier: GPL-3.0-or-later
"""The plotter: every printed row of numbers graphed live, one line per position.

It reads what the board prints (Connection.output), so it works the same with a real robot
and with the simulator. Which lines count is snekide.plot_rows's rule. Rows are taken as
they come, but the graph is redrawn at most every REDRAW_MS, never once per line: a program
printing a thousand lines a second does not hold the window up.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pyqtgraph as pg
from PyQt6.QtCore import QSize, QTimer
from PyQt6.QtGui import QColor
from PyQt6.QtWidgets import QFileDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from snekide import settings, theme_switch
from snekide.flow_layout import FlowLayout
from snekide.plot_rows import PlotRows
from snekide.themes import Theme

#: The graph is redrawn at most this often (ms).
REDRAW_MS = 100
#: The series' colours: Okabe and Ito's, told apart by people who see colours differently.
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000",
           "#f0e442", "#882255", "#44aa99")
#: The same kinds of hue, light enough to show on a dark theme's background (Okabe and Ito's
#: blue, vermilion... lightened; white where the day colours have black).
DARK_COLOURS = ("#56b4e9", "#ff8c42", "#2fd4a0", "#e7a6cf", "#f5c24b", "#9fd8f7", "#ffffff",
                "#f0e442", "#d97aa6", "#7fd6c8")
ORDINALS = ("1st", "2nd", "3rd")

EMPTY = "Print numbers, such as print(x, y), and they are drawn here."
PAUSED = "Paused: the numbers are still kept. Press Go on to see them."
CUT = "Only the first {n} numbers of a line are drawn."


def series_name(position: int) -> str:
    n = position + 1
    return f"{ORDINALS[position] if position < len(ORDINALS) else f'{n}th'} number"


def row_range(first: float, last: float) -> tuple[float, float]:
    """The rows the x axis shows: from first to last, widened to a round step so that the axis
    (slow to draw) changes only now and then, not with every row."""
    step = 10.0 ** math.floor(math.log10(max(last - first, 10))) / 2
    return math.floor(first / step) * step, math.ceil((last + 1) / step) * step


class Plotter(QWidget):
    """The pane: Pause, Clear, Save picture, Save numbers, and the graph."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("plotter")
        self.rows = PlotRows()
        self.paused = False
        #: Asks where to save: (title, suggested name, filter) -> path or None. Tests replace it.
        self.ask_path: Callable[[str, str, str], Path | None] = self._ask_path
        self._drawn = -1
        self._curves: list[pg.PlotDataItem] = []
        self._message = ""
        self.colours = COLOURS   # the theme's choice (apply_theme)

        self.graph = pg.PlotWidget()
        self.graph.setObjectName("plot_graph")
        self.graph.setMenuEnabled(False)
        self.graph.setLabel("bottom", "row printed")
        # Draw only what is in view, a point or two per pixel: a long run stays quick to draw.
        self.graph.setClipToView(True)
        self.graph.setDownsampling(auto=True, mode="peak")
        self.graph.hideButtons()
        self.legend = self.graph.addLegend(offset=(8, 8))
        self.pause_button = QPushButton("Pause")
        self.pause_button.setObjectName("plot_pause")
        self.pause_button.setCheckable(True)
        self.pause_button.toggled.connect(self.set_paused)
        self.clear_button = QPushButton("Clear")
        self.clear_button.setObjectName("plot_clear")
        self.clear_button.clicked.connect(self.clear)
        self.png_button = QPushButton("Save picture…")
        self.png_button.setObjectName("plot_save_png")
        self.png_button.clicked.connect(lambda: self.save_png())
        self.csv_button = QPushButton("Save numbers…")
        self.csv_button.setObjectName("plot_save_csv")
        self.csv_button.clicked.connect(lambda: self.save_csv())
        self.status = QLabel(EMPTY)
        self.status.setObjectName("plot_status")
        self.status.setWordWrap(True)

        # The buttons wrap when the pane is narrow (a dock beside the editor on a laptop, or
        # projector mode's big text): the row must not set the pane's smallest width.
        buttons = FlowLayout()
        for button in (self.pause_button, self.clear_button, self.png_button, self.csv_button):
            buttons.addWidget(button)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 6, 6, 6)
        column.addLayout(buttons)
        column.addWidget(self.graph, 1)
        column.addWidget(self.status)

        self.timer = QTimer(self)
        self.timer.setInterval(REDRAW_MS)
        self.timer.timeout.connect(self.redraw)
        self.timer.start()
        theme_switch.follow(self, self.apply_theme)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(420, 320)

    # -- what the board printed ---------------------------------------------------------

    def take_output(self, text: str) -> None:
        """Printed text, any piece of it (Connection.output). Cheap: drawing comes later."""
        self.rows.feed(text)

    # -- the buttons --------------------------------------------------------------------

    def set_paused(self, paused: bool) -> None:
        """Hold the graph still (rows are still taken), or catch up."""
        self.paused = paused
        if self.pause_button.isChecked() != paused:
            self.pause_button.setChecked(paused)
        self.pause_button.setText("Go on" if paused else "Pause")
        if not paused:   # follow the numbers again, however the graph was zoomed meanwhile
            self.graph.enableAutoRange(axis="y")
        self._message = ""
        self.redraw(force=True)

    def clear(self) -> None:
        self.rows.clear()
        self._message = ""
        self.redraw(force=True)

    def save_png(self, path: Path | None = None) -> bool:
        """Save the graph as it is shown as a PNG picture."""
        path = path or self.ask_path("Save the graph as a picture", "graph.png",
                                     "Pictures (*.png)")
        if path is None:
            return False
        path = path if path.suffix.lower() == ".png" else path.with_name(path.name + ".png")
        self.redraw(force=not self.paused)   # paused: the picture shown
        if not self.graph.grab().save(str(path), "PNG"):
            return self._said(f"Could not save the picture {path.name}: is the folder "
                              "writable?", False)
        return self._said(f"Saved the picture {path.name}.", True)

    def save_csv(self, path: Path | None = None) -> bool:
        """Save every row kept as a CSV file a spreadsheet opens."""
        path = path or self.ask_path("Save the numbers", "numbers.csv",
                                     "Spreadsheet files (*.csv)")
        if path is None:
            return False
        path = path if path.suffix.lower() == ".csv" else path.with_name(path.name + ".csv")
        try:
            path.write_text(self.rows.to_csv(), encoding="utf-8")
        except OSError as error:
            return self._said(f"Could not save {path.name}: {error.strerror or error}", False)
        return self._said(f"Saved {len(self.rows)} rows of numbers in {path.name}.", True)

    def _said(self, message: str, result: bool) -> bool:
        self._message = message
        self.redraw(force=True)
        return result

    def _ask_path(self, title: str, suggestion: str, name_filter: str) -> Path | None:
        name, _chosen = QFileDialog.getSaveFileName(
            self, title, str(settings.programs_dir() / suggestion), name_filter)
        return Path(name) if name else None

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self, force: bool = False) -> None:
        """Draw the rows taken since the last time (not while paused or hidden)."""
        self._show_status()
        if not force and (self.paused or not self.isVisible() or self._drawn == self.rows.version):
            return
        self._drawn = self.rows.version
        while len(self._curves) < self.rows.series:
            position = len(self._curves)
            pen = pg.mkPen(self.colours[position % len(self.colours)], width=2)
            self._curves.append(self.graph.plot(name=series_name(position), pen=pen,
                                                connect="finite"))
        while len(self._curves) > self.rows.series:
            curve = self._curves.pop()
            self.graph.removeItem(curve)
        x = self.rows.rows()
        for position, curve in enumerate(self._curves):
            curve.setData(x, self.rows.column(position))
        if len(x):
            self.graph.setXRange(*row_range(x[0], x[-1]), padding=0)

    def _show_status(self) -> None:
        if self._message:
            text = self._message
        elif self.paused:
            text = PAUSED
        elif not len(self.rows):
            text = EMPTY
        else:
            text = f"{self.rows.count} rows printed."
            if self.rows.cut:
                text += " " + CUT.format(n=self.rows.max_series)
        if self.status.text() != text:
            self.status.setText(text)

    def series_shown(self) -> list[list[float]]:
        """The values each line of the graph shows now (for tests and screen readers)."""
        shown = []
        for curve in self._curves:
            _x, y = curve.getData()
            shown.append([] if y is None else [float(v) for v in y])
        return shown

    def apply_theme(self, theme: Theme | None) -> None:
        """The graph in the REPL's colours (it graphs what the REPL shows), its lines in hues
        that show on that background."""
        background = theme.repl["background"] if theme is not None else "#ffffff"
        text = theme.repl["text"] if theme is not None else "#1d1d1f"
        self.colours = DARK_COLOURS if theme is not None and theme.dark else COLOURS
        self.graph.setBackground(QColor(background))
        for name in ("left", "bottom"):
            axis = self.graph.getAxis(name)
            axis.setPen(pg.mkPen(text))
            axis.setTextPen(pg.mkPen(text))
        for position, curve in enumerate(self._curves):
            curve.setPen(pg.mkPen(self.colours[position % len(self.colours)], width=2))
        self.legend.setLabelTextColor(QColor(text))
        for _sample, label in self.legend.items:   # the labels are drawn again in the new colour
            label.setText(label.text)
        self.graph.update()
