# SPDX-License-Identifier: GPL-3.0-or-later
"""A small find-and-replace bar shown under the editor."""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QKeyEvent
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from snekide.editor import CodeEditor


class FindBar(QWidget):
    """Find text in the current editor and optionally replace it."""

    def __init__(self, current_editor: Callable[[], CodeEditor | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._editor = current_editor
        self.find_field = QLineEdit()
        self.find_field.setPlaceholderText("Find…")
        self.replace_field = QLineEdit()
        self.replace_field.setPlaceholderText("Replace with…")
        self.next_button = QPushButton("Find next")
        self.replace_button = QPushButton("Replace")
        self.replace_all_button = QPushButton("Replace all")
        self.close_button = QPushButton("Close")
        self.message = QLabel()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        for widget in (QLabel("Find:"), self.find_field, self.next_button,
                       QLabel("Replace:"), self.replace_field, self.replace_button,
                       self.replace_all_button, self.message):
            layout.addWidget(widget)
        layout.addStretch(1)
        layout.addWidget(self.close_button)
        self.find_field.returnPressed.connect(self.find_next)
        self.replace_field.returnPressed.connect(self.replace)
        self.next_button.clicked.connect(self.find_next)
        self.replace_button.clicked.connect(self.replace)
        self.replace_all_button.clicked.connect(self.replace_all)
        self.close_button.clicked.connect(self.close_bar)
        self.hide()

    def open(self, replace: bool = False) -> None:
        """Show the bar with the editor's selection as the text to find."""
        editor = self._editor()
        if editor is not None and editor.textCursor().hasSelection():
            selected = editor.textCursor().selectedText()
            if "\u2029" not in selected:
                self.find_field.setText(selected)
        self.show()
        field = self.replace_field if replace and self.find_field.text() else self.find_field
        field.setFocus()
        field.selectAll()

    def close_bar(self) -> None:
        self.hide()
        editor = self._editor()
        if editor is not None:
            editor.setFocus()

    def find_next(self) -> bool:
        editor = self._editor()
        found = editor is not None and editor.find_text(self.find_field.text())
        self.message.setText("" if found else "Not found")
        return found

    def replace(self) -> None:
        editor = self._editor()
        if editor is None:
            return
        more = editor.replace_current(self.find_field.text(), self.replace_field.text())
        self.message.setText("" if more else "No more")

    def replace_all(self) -> None:
        editor = self._editor()
        if editor is None:
            return
        count = editor.replace_all(self.find_field.text(), self.replace_field.text())
        self.message.setText(f"Replaced {count}" if count else "Not found")

    def keyPressEvent(self, event: QKeyEvent | None) -> None:  # noqa: N802 - Qt override
        if event is not None and event.key() == Qt.Key.Key_Escape:
            self.close_bar()
            return
        super().keyPressEvent(event)
