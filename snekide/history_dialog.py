# SPDX-License-Identifier: GPL-3.0-or-later
"""The robot's earlier programs: the copy kept at each Put, newest first, to look at and open."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtGui import QFont
from PyQt6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem,
                             QPlainTextEdit, QSplitter, QVBoxLayout, QWidget)

from snekide.put_history import Copy, CopyFolder, newest_first

EMPTY = "No program has been put on a robot yet. Each time you press Put, a copy is kept here."


class HistoryDialog(QDialog):
    """A list of the copies on the left, the chosen one's text on the right; Open makes a tab."""

    open_requested = pyqtSignal(str, str)  # the copy's text, a name for its tab

    def __init__(self, history: CopyFolder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("history_dialog")
        self.setWindowTitle("The robot's earlier programs")
        layout = QVBoxLayout(self)
        self.intro = QLabel("Each time you pressed Put, a copy of the program was kept. "
                            "Pick one to see it, then press Open to get it back in a new tab.")
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        splitter = QSplitter()
        self.list = QListWidget()
        self.list.setObjectName("copies")
        self.preview = QPlainTextEdit()
        self.preview.setObjectName("preview")
        self.preview.setReadOnly(True)
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.preview.setFont(font)
        splitter.addWidget(self.list)
        splitter.addWidget(self.preview)
        splitter.setSizes([260, 420])
        layout.addWidget(splitter, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open |
                                        QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self.open_chosen)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.list.currentItemChanged.connect(lambda _new, _old: self._show())
        self.list.itemDoubleClicked.connect(lambda _item: self.open_chosen())
        self.copies = newest_first(history)
        for copy in self.copies:
            item = QListWidgetItem(copy.describe())
            item.setToolTip(str(copy.path))
            self.list.addItem(item)
        if self.copies:
            self.list.setCurrentRow(0)
        else:
            self.preview.setPlainText(EMPTY)
        self._update_open()
        self.resize(760, 480)

    def chosen(self) -> Copy | None:
        row = self.list.currentRow()
        return self.copies[row] if 0 <= row < len(self.copies) else None

    def _read(self, path: Path) -> str | None:
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def _show(self) -> None:
        copy = self.chosen()
        text = self._read(copy.path) if copy is not None else None
        if copy is not None and text is None:
            text = f"This copy could not be read ({copy.path.name})."
        self.preview.setPlainText(text if text is not None else EMPTY)
        self._update_open()

    def _update_open(self) -> None:
        button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        assert button is not None
        copy = self.chosen()
        button.setEnabled(copy is not None and self._read(copy.path) is not None)

    def open_chosen(self) -> None:
        copy = self.chosen()
        text = self._read(copy.path) if copy is not None else None
        if copy is None or text is None:
            return
        when = f" ({copy.when:%H:%M})" if copy.when is not None else ""
        self.open_requested.emit(text, f"Put{when}: {copy.name}")
        self.accept()
