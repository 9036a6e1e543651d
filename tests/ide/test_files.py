# SPDX-License-Identifier: GPL-3.0-or-later
"""Open and Save through their real dialogs: Save adds .py, Open shows the student's programs
and starts in their folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QFileDialog, QLineEdit, QListView

from snekide import settings
from snekide.program_files import PROGRAMS_FILTER, is_program, with_program_suffix

from .test_connect import when_dialog_opens
from .test_window import WAIT, Questions, click, data_dir, make_window  # noqa: F401


@pytest.fixture
def programs(tmp_path: Path, data_dir: Path) -> Path:  # noqa: F811
    """The student's programs folder, remembered as the folder used last."""
    folder = tmp_path / "my programs"
    folder.mkdir()
    settings.Preferences().set(settings.PROGRAMS_FOLDER, str(folder))
    return folder


def programs_in(folder: Path) -> list[str]:
    """What a file dialog showing programs should list in folder: folders and programs."""
    return sorted(p.name for p in folder.iterdir()
                  if not p.name.startswith(".") and (p.is_dir() or is_program(p)))


def answer_file_dialog(qtbot: Any, name: str, seen: list[dict[str, Any]]) -> None:
    """When the file dialog opens: note what it shows, type name, press Enter."""
    def act(dialog: QFileDialog) -> None:
        try:
            view = dialog.findChild(QListView, "listView")
            assert view is not None
            model, root = view.model(), view.rootIndex()
            assert model is not None

            def listed() -> list[str]:
                return sorted(str(model.index(row, 0, root).data())
                              for row in range(model.rowCount(root)))

            folder = Path(dialog.directory().absolutePath())
            qtbot.waitUntil(lambda: listed() == programs_in(folder), timeout=WAIT)
            seen.append({"folder": folder, "listed": listed(),
                         "filter": dialog.selectedNameFilter()})
            edit = dialog.findChild(QLineEdit, "fileNameEdit")
            assert edit is not None
            edit.setText(name)
            qtbot.keyClick(edit, Qt.Key.Key_Return)
        finally:
            if dialog.isVisible():  # something went wrong: never leave the test waiting
                dialog.reject()
    when_dialog_opens(QFileDialog, act)


def test_save_adds_py_and_open_shows_it_again(qtbot, programs):
    (programs / "old.py").write_text("x = 1\n")
    (programs / "notes.txt").write_text("not a program\n")
    (programs / "song.snek").write_text("tone(440)\n")
    window = make_window(qtbot)
    qtbot.keyClicks(window.editor(), "talkto(M1)")
    seen: list[dict[str, Any]] = []
    answer_file_dialog(qtbot, "robot1", seen)
    click(qtbot, window, "Save")
    assert (programs / "robot1.py").read_text() == "talkto(M1)"
    assert not (programs / "robot1").exists()
    assert window.tabs.tabText(0) == "robot1.py"
    assert seen[0]["folder"] == programs and seen[0]["filter"] == PROGRAMS_FILTER

    answer_file_dialog(qtbot, "old.py", seen)
    click(qtbot, window, "Open")
    assert seen[1]["folder"] == programs
    assert seen[1]["listed"] == ["old.py", "robot1.py", "song.snek"]  # no notes.txt
    assert window.editor().text() == "x = 1\n"


def test_a_name_with_another_ending_gets_py_and_asks_before_replacing(qtbot, programs):
    (programs / "my.robot.py").write_text("keep me\n")
    window = make_window(qtbot)
    qtbot.keyClicks(window.editor(), "new = 1")
    window.confirm = Questions(False)  # type: ignore[method-assign]
    answer_file_dialog(qtbot, "my.robot", [])
    click(qtbot, window, "Save")
    assert window.confirm.asked == ["Replace the file?"]
    assert (programs / "my.robot.py").read_text() == "keep me\n"
    assert window.tabs.tabText(0) == "New program •"  # still not saved

    window.confirm = Questions(True)  # type: ignore[method-assign]
    answer_file_dialog(qtbot, "my.robot", [])
    click(qtbot, window, "Save")
    assert (programs / "my.robot.py").read_text() == "new = 1"
    assert window.tabs.tabText(0) == "my.robot.py"


def test_open_starts_where_the_student_saved_last(qtbot, data_dir, tmp_path):  # noqa: F811
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    window = make_window(qtbot)
    qtbot.keyClicks(window.editor(), "print(1)")
    seen: list[dict[str, Any]] = []
    answer_file_dialog(qtbot, str(elsewhere / "first"), seen)
    click(qtbot, window, "Save")
    assert (elsewhere / "first.py").is_file()
    again = make_window(qtbot)
    answer_file_dialog(qtbot, "first.py", seen)
    click(qtbot, again, "Open")
    assert seen[-1]["folder"] == elsewhere


@pytest.mark.parametrize("typed, saved", [
    ("robot1", "robot1.py"), ("robot1.py", "robot1.py"), ("song.snek", "song.snek"),
    ("Robot.PY", "Robot.PY"), ("my.robot", "my.robot.py"), ("dots.", "dots.py"),
])
def test_program_names(typed, saved):
    assert with_program_suffix(Path("/p") / typed) == Path("/p") / saved
