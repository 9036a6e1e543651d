# SPDX-License-Identifier: GPL-3.0-or-later
"""The plotter pane: printed rows of numbers graphed live, one line per position (pyqtgraph)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PyQt6.QtCore import QTimer, pyqtSignal
from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QFileDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from snekide import theme_switch
from snekide.flow_layout import FlowLayout
from snekide.plot_data import PlotData
from snekide.themes import Theme

#: How often the graph is redrawn (ms): new rows wait for the next redraw.
REDRAW_MS = 50
COLOURS = ["#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037",
           "#ad1457"]
#: The same hues, light enough to see on a dark theme's background.
DARK_COLOURS = ["#82b1ff", "#ff8a80", "#9ccc65", "#ffb74d", "#ce93d8", "#4dd0e1", "#bcaaa4",
                "#f48fb1"]
#: Rows of single numbers that bring the plotter up (fewer are answers at the REPL).
SHOW_AFTER = 5
HINT = "Print numbers, like print(x, y), and they are graphed here."


class Plotter(QWidget):
    """Graphs every printed line that is numbers; shows itself when rows of them come."""

    saved = pyqtSignal(str)  # a message: where the picture or numbers went

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("plotter")
        self.data = PlotData()
        self._dirty = False
        self._curves: list[pg.PlotDataItem] = []
        #: The student hid it: numbers no longer bring it back until asked for again.
        self.dismissed = False
        self.plot = pg.PlotWidget(background="w")
        self.plot.showGrid(x=True, y=True, alpha=0.3)
        self.plot.addLegend(offset=(10, 10))
        self.plot.setLabel("bottom", "row printed")
        self.pause_button = QPushButton("Pause")
        self.pause_button.setObjectName("plot_pause")
        self.pause_button.setCheckable(True)
        self.pause_button.setToolTip("Hold the graph still to look at it (numbers are still kept)")
        self.pause_button.toggled.connect(self._on_pause)
        self.clear_button = QPushButton("Clear")
        self.clear_button.setObjectName("plot_clear")
        self.clear_button.clicked.connect(self.clear)
        self.picture_button = QPushButton("Save picture…")
        self.picture_button.setObjectName("plot_save_png")
        self.picture_button.clicked.connect(lambda: self.save_picture())
        self.numbers_button = QPushButton("Save numbers…")
        self.numbers_button.setObjectName("plot_save_csv")
        self.numbers_button.clicked.connect(lambda: self.save_numbers())
        self.hide_button = QPushButton("Hide")
        self.hide_button.setObjectName("plot_hide")
        self.hide_button.clicked.connect(self.dismiss)
        self.status = QLabel(HINT)
        self.status.setObjectName("plot_status")
        # The buttons wrap, and so does the message, when the pane is narrow (beside a
        # lesson, or in projector mode): the pane must not squeeze the editor.
        row = FlowLayout()
        row.setContentsMargins(4, 4, 4, 0)
        for widget in (self.pause_button, self.clear_button, self.picture_button,
                       self.numbers_button, self.hide_button):
            row.addWidget(widget)
        self.status.setWordWrap(True)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)
        column.addWidget(self.status)
        column.addWidget(self.plot, 1)
        self.show_action = QAction("Show the plotter", self)
        self.show_action.triggered.connect(self.open)
        self.timer = QTimer(self)
        self.timer.setInterval(REDRAW_MS)
        self.timer.timeout.connect(self.redraw)
        self.timer.start()
        self.setVisible(False)  # until numbers are printed
        self.colours = COLOURS
        theme_switch.follow(self, self.apply_theme)

    def apply_theme(self, theme: Theme | None) -> None:
        """The graph in the REPL's colours (it graphs what the REPL shows); lines in hues that
        show on that background."""
        background = theme.repl["background"] if theme is not None else "#ffffff"
        text = theme.repl["text"] if theme is not None else "#000000"
        self.colours = DARK_COLOURS if theme is not None and theme.dark else COLOURS
        self.plot.setBackground(background)
        for name in ("left", "bottom"):
            axis = self.plot.getAxis(name)
            axis.setPen(pg.mkPen(text))
            axis.setTextPen(pg.mkPen(text))
        for i, curve in enumerate(self._curves):
            curve.setPen(pg.mkPen(self.colours[i % len(self.colours)], width=2))
        legend = self.plot.plotItem.legend
        if legend is not None:  # its samples follow the curves; its labels are drawn again
            legend.setLabelTextColor(text)
            for _sample, label in legend.items:
                label.setText(label.text)

    # -- taking output -------------------------------------------------------

    def take_output(self, text: str) -> None:
        """Output from the board, as it comes (from Connection.output)."""
        if self.data.feed(text):
            self._dirty = True
            # A lone number now and then is a REPL answer (read(A1)); rows of two or more
            # numbers, or a stream of them, are meant to be graphed.
            wanted = self.data.widest >= 2 or self.data.rows >= SHOW_AFTER
            if wanted and not self.isVisible() and not self.dismissed:
                self.setVisible(True)

    # -- drawing ---------------------------------------------------------------

    def redraw(self) -> None:
        if not self._dirty or self.pause_button.isChecked() or not self.isVisible():
            return
        self._dirty = False
        x = np.asarray(self.data.samples, dtype=float)
        for i, series in enumerate(self.data.series):
            if i == len(self._curves):
                pen = pg.mkPen(self.colours[i % len(self.colours)], width=2)
                self._curves.append(self.plot.plot(name=f"value {i + 1}", pen=pen,
                                                   connect="finite"))
            self._curves[i].setData(x, np.asarray(series, dtype=float))
        rows = self.data.rows
        self.status.setText(f"{rows} row{'s' if rows != 1 else ''} of numbers"
                            + (" (only the last ones are shown)" if rows > len(x) else ""))

    def _on_pause(self, paused: bool) -> None:
        self.pause_button.setText("Go on" if paused else "Pause")
        if not paused:
            self._dirty = True
            self.redraw()

    def clear(self) -> None:
        self.data.clear()
        for curve in self._curves:
            self.plot.removeItem(curve)
        legend = self.plot.plotItem.legend
        if legend is not None:
            legend.clear()
        self._curves.clear()
        self.status.setText(HINT)

    # -- showing and hiding --------------------------------------------------------

    def open(self) -> None:
        self.dismissed = False
        self.setVisible(True)
        self._dirty = True
        self.redraw()

    def dismiss(self) -> None:
        self.dismissed = True
        self.setVisible(False)

    # -- saving ---------------------------------------------------------------------

    def ask_save_path(self, title: str, suggestion: str, pattern: str) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self, title, suggestion, pattern)
        return Path(name) if name else None

    def save_picture(self, path: Path | None = None) -> bool:
        path = path or self.ask_save_path("Save the graph as a picture", "graph.png",
                                          "Pictures (*.png)")
        if path is None:
            return False
        self._dirty = True
        paused = self.pause_button.isChecked()
        if not paused:
            self.redraw()
        ok = self.plot.grab().save(str(path), "PNG")
        self._say(ok, path, "picture")
        return ok

    def save_numbers(self, path: Path | None = None) -> bool:
        path = path or self.ask_save_path("Save the numbers", "numbers.csv",
                                          "Spreadsheet numbers (*.csv)")
        if path is None:
            return False
        try:
            path.write_text(self.data.to_csv(), encoding="utf-8")
            ok = True
        except OSError:
            ok = False
        self._say(ok, path, "numbers")
        return ok

    def _say(self, ok: bool, path: Path, what: str) -> None:
        message = (f"Saved the {what} in {path.name}." if ok
                   else f"Could not save the {what} in {path}. Try another folder.")
        self.status.setText(message)
        self.saved.emit(message)
