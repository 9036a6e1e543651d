# SPDX-License-Identifier: GPL-3.0-or-later
"""The Help menu: a searchable quick reference, the keyboard shortcuts, and About."""

from __future__ import annotations

import html
from collections.abc import Callable

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QIcon, QKeySequence
from PyQt6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QHBoxLayout, QHeaderView,
                             QLabel, QLineEdit, QMenu, QMenuBar, QTableWidget, QTableWidgetItem,
                             QTextBrowser, QVBoxLayout, QWidget)

from snekide import __version__, reference
from snekide.shortcuts import TYPING_KEYS

LICENCE = "GPL-3.0-or-later"
NO_MATCH = "Nothing matches “{query}”. Try a shorter word."


class QuickReference(QDialog):
    """The language, then the board's built-ins and pins; the search box narrows them down."""

    def __init__(self, board: str = "snekboard", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("quick_reference")
        self.setWindowTitle("Snek quick reference")
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setObjectName("search")
        self.search.setPlaceholderText("Search, for example: motor, loop, sqrt")
        self.search.setClearButtonEnabled(True)
        self.board = QComboBox()
        self.board.setObjectName("board")
        for name, label in reference.BOARDS.items():
            self.board.addItem(label, name)
        row.addWidget(QLabel("Find:"))
        row.addWidget(self.search, 1)
        row.addWidget(QLabel("Board:"))
        row.addWidget(self.board)
        layout.addLayout(row)
        self.view = QTextBrowser()
        self.view.setObjectName("reference")
        layout.addWidget(self.view, 1)
        self.search.textChanged.connect(self.refresh)
        self.board.currentIndexChanged.connect(self.refresh)
        self.set_board(board)
        self.resize(680, 640)
        self.search.setFocus()

    def set_board(self, board: str) -> None:
        """Show the reference of board (the Snekboard's when the board is not known)."""
        index = self.board.findData(board)
        self.board.setCurrentIndex(index if index >= 0 else 0)
        self.refresh()

    def current_board(self) -> str:
        return str(self.board.currentData())

    def shown(self) -> list[reference.Topic]:
        return reference.search(self.current_board(), self.search.text())

    def refresh(self) -> None:
        topics = self.shown()
        query = self.search.text().strip()
        parts = []
        if not topics:
            parts.append(f"<p><i>{html.escape(NO_MATCH.format(query=query))}</i></p>")
        section = ""
        for topic in topics:
            if topic.section != section:
                section = topic.section
                heading = section
                if section != reference.LANGUAGE:
                    heading += f" of the {reference.BOARDS[self.current_board()]}"
                parts.append(f"<h3>{html.escape(heading)}</h3>")
            parts.append(f"<p><b><code>{html.escape(topic.title)}</code></b><br>"
                         f"{html.escape(topic.text)}</p>")
            if topic.example:
                parts.append(f"<pre style='margin-left: 16px; color: #1b5e20'>"
                             f"{html.escape(topic.example)}</pre>")
        self.view.setHtml("\n".join(parts))


def command_rows(menu_bar: QMenuBar) -> list[tuple[str, str, str]]:
    """(menu, command, key) for every menu command that has a key, as the menus show it."""
    rows = []
    for top in menu_bar.actions():
        menu = top.menu()
        if menu is None:
            continue
        for action in menu.actions():
            keys = action.shortcut()
            if action.isSeparator() or keys.isEmpty():
                continue
            rows.append((top.text().replace("&", ""), action.text().replace("&", ""),
                         keys.toString(QKeySequence.SequenceFormat.NativeText)))
    return rows


class ShortcutsDialog(QDialog):
    """Every key: the menu commands (read from the menus) and the keys used while typing."""

    def __init__(self, menu_bar: QMenuBar, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcuts")
        self.setWindowTitle("Keyboard shortcuts")
        layout = QVBoxLayout(self)
        rows = [(key, f"{command} ({menu} menu)") for menu, command, key in
                command_rows(menu_bar)]
        rows += [(keys, f"{what} ({where})") for where, keys, what in TYPING_KEYS]
        self.table = QTableWidget(len(rows), 2)
        self.table.setObjectName("keys")
        self.table.setHorizontalHeaderLabels(["Keys", "What it does"])
        self.table.verticalHeader().setVisible(False)  # type: ignore[union-attr]
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for number, (keys, what) in enumerate(rows):
            self.table.setItem(number, 0, QTableWidgetItem(keys))
            self.table.setItem(number, 1, QTableWidgetItem(what))
        header = self.table.horizontalHeader()
        assert header is not None
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        rows_height = sum(self.table.rowHeight(r) for r in range(self.table.rowCount()))
        self.resize(700, min(rows_height + 120, 760))  # every row in sight where it fits

    def rows(self) -> list[tuple[str, str]]:
        """What the table shows."""
        return [(self._text(r, 0), self._text(r, 1)) for r in range(self.table.rowCount())]

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""


class AboutDialog(QDialog):
    """The version and the licence."""

    def __init__(self, icon: QIcon | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("about")
        self.setWindowTitle("About snekide")
        layout = QHBoxLayout(self)
        if icon is not None and not icon.isNull():
            picture = QLabel()
            picture.setPixmap(icon.pixmap(96, 96))
            picture.setAlignment(Qt.AlignmentFlag.AlignTop)
            layout.addWidget(picture)
        column = QVBoxLayout()
        self.text = QLabel(
            f"<h2>snekide {html.escape(__version__)}</h2>"
            "<p>A friendly place to program robots in Snek, a small Python.<br>"
            "It runs Snek on your robot, or on the built-in simulator when no robot is "
            "plugged in.</p>"
            "<p>Free software: you may use, share and change it under the GNU General Public "
            f"License, version 3 or any later version ({LICENCE}).</p>")
        self.text.setObjectName("about_text")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)
        layout.addLayout(column, 1)
        self.resize(520, 240)


class HelpMenu(QMenu):
    """Help ▸ Quick reference (F1), Keyboard shortcuts, About snekide."""

    def __init__(self, board: Callable[[], str], menu_bar: QMenuBar, icon: QIcon | None,
                 parent: QWidget | None = None) -> None:
        super().__init__("&Help", parent)
        self.setObjectName("help_menu")
        self._board = board
        self._menu_bar = menu_bar
        self._icon = icon
        self._parent = parent
        self.reference: QuickReference | None = None
        self.reference_action = self.addAction("Quick reference", QKeySequence("F1"),
                                               self.show_reference)
        self.shortcuts_action = self.addAction("Keyboard shortcuts", self.show_shortcuts)
        self.addSeparator()
        self.about_action = self.addAction("About snekide", self.show_about)

    def show_reference(self) -> QuickReference:
        """Open the reference (one window, kept), on the board connected now."""
        if self.reference is None:
            self.reference = QuickReference(self._board(), self._parent)
        else:
            self.reference.set_board(self._board())
        self.reference.show()
        self.reference.raise_()
        self.reference.activateWindow()
        return self.reference

    def show_shortcuts(self) -> None:
        ShortcutsDialog(self._menu_bar, self._parent).exec()

    def show_about(self) -> None:
        AboutDialog(self._icon, self._parent).exec()
