# SPDX-License-Identifier: GPL-3.0-or-later
"""File ▸ The robot's earlier programs…: the copies kept at each Put, newest first, opened
again in a new tab."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QDialogButtonBox

from snekide.history_dialog import EMPTY, HistoryDialog
from snekide.main_window import MainWindow
from snekide.put_history import CopyFolder, read_copy

from .test_connect import when_dialog_opens
from .test_window import (WAIT, click, data_dir, firmware, make_window,  # noqa: F401
                          type_in_editor, window)

LEFT = Qt.MouseButton.LeftButton


def history_action(window: MainWindow) -> Any:
    bar = window.menuBar()
    assert bar is not None
    file_menu = next(a.menu() for a in bar.actions() if a.text() == "&File")
    return next(a for a in file_menu.actions() if a.text() == "The robot's earlier programs…")


def look_at_history(qtbot: Any, window: MainWindow, act: Any) -> None:
    """Choose File ▸ The robot's earlier programs…; act(dialog) while it is open."""
    done: list[bool] = []

    def run(dialog: HistoryDialog) -> None:
        try:
            act(dialog)
        finally:
            if dialog.isVisible():
                dialog.reject()
            done.append(True)

    when_dialog_opens(HistoryDialog, run)
    history_action(window).trigger()
    qtbot.waitUntil(lambda: bool(done), timeout=WAIT)


def put(qtbot: Any, window: MainWindow, text: str) -> None:
    window.editor().selectAll()
    type_in_editor(qtbot, window.editor(), text)
    click(qtbot, window, "Put")
    qtbot.waitUntil(lambda: "same as this one" in window.program_status.text(), timeout=WAIT)


def test_earlier_programs_come_back_in_a_new_tab(qtbot, window):
    put(qtbot, window, "print('first')\n")
    put(qtbot, window, "print('second')\n")
    seen: dict[str, Any] = {}

    def act(dialog: HistoryDialog) -> None:
        seen["items"] = [dialog.list.item(i).text() for i in range(dialog.list.count())]
        seen["preview"] = dialog.preview.toPlainText()
        rect = dialog.list.visualItemRect(dialog.list.item(1))
        qtbot.mouseClick(dialog.list.viewport(), LEFT, pos=rect.center())
        seen["chosen"] = dialog.preview.toPlainText()
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Open), LEFT)

    look_at_history(qtbot, window, act)
    assert len(seen["items"]) == 2
    assert all(re.fullmatch(r"Today \d\d:\d\d · New program", item) for item in seen["items"])
    assert seen["preview"] == "print('second')\n"  # the newest first
    assert seen["chosen"] == "print('first')\n"
    assert window.tabs.count() == 2
    assert window.editor().text() == "print('first')\n"
    title = window.tabs.tabText(window.tabs.currentIndex())
    assert title.startswith("Put (") and title.endswith("): New program •")
    assert window.message.text().startswith("Here is Put (")


def test_no_put_yet_says_so(qtbot, data_dir):
    window = make_window(qtbot)
    seen: dict[str, Any] = {}

    def act(dialog: HistoryDialog) -> None:
        seen["count"] = dialog.list.count()
        seen["preview"] = dialog.preview.toPlainText()
        seen["open"] = dialog.buttons.button(QDialogButtonBox.StandardButton.Open).isEnabled()

    look_at_history(qtbot, window, act)
    assert seen == {"count": 0, "preview": EMPTY, "open": False}
    assert window.tabs.count() == 1


def test_a_damaged_copy_is_shown_as_such_and_cannot_be_opened(qtbot, data_dir):
    window = make_window(qtbot)
    folder = data_dir / "history"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "2024-05-06_07-08-09_square-py.py").write_bytes(b"\xff\xfe broken")
    seen: dict[str, Any] = {}

    def act(dialog: HistoryDialog) -> None:
        seen["item"] = dialog.list.item(0).text()
        seen["preview"] = dialog.preview.toPlainText()
        seen["open"] = dialog.buttons.button(QDialogButtonBox.StandardButton.Open).isEnabled()

    look_at_history(qtbot, window, act)
    assert seen == {"item": "2024-05-06 07:08 · square",
                    "preview": "This copy could not be read (2024-05-06_07-08-09_square-py.py).",
                    "open": False}


def test_copy_names(tmp_path):
    now = datetime(2024, 5, 6, 12, 0)
    assert read_copy(Path("2024-05-06_07-08-09_square-py-2.py")).describe(now) == \
        "Today 07:08 · square"
    assert read_copy(Path("2024-05-05_23-59-00_New-program.py")).describe(now) == \
        "Yesterday 23:59 · New program"
    assert read_copy(Path("odd name.py")).describe(now) == "odd name"
    folder = CopyFolder(tmp_path)
    folder.keep("a", "first.py")
    copy = read_copy(folder.copies()[0])
    assert copy.name == "first" and copy.when is not None
    assert abs(datetime.now() - copy.when) < timedelta(minutes=5)
