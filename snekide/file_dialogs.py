# SPDX-License-Identifier: GPL-3.0-or-later
"""The Open and Save dialogs: they show the student's programs and start in their folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PyQt6.QtWidgets import QFileDialog, QWidget

from snekide import settings
from snekide.program_files import (ALL_FILES_FILTER, PROGRAMS_FILTER, is_program,
                                   with_program_suffix)


def _dialog(parent: QWidget | None, title: str, start: Path) -> QFileDialog:
    dialog = QFileDialog(parent, title, str(start))
    dialog.setNameFilters([PROGRAMS_FILTER, ALL_FILES_FILTER])
    dialog.selectNameFilter(PROGRAMS_FILTER)
    return dialog


def ask_open_path(parent: QWidget | None) -> Path | None:
    """Ask for a program to open, starting in the programs folder."""
    dialog = _dialog(parent, "Open a program", settings.programs_dir())
    dialog.setObjectName("open_dialog")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    if not dialog.exec() or not dialog.selectedFiles():
        return None
    path = Path(dialog.selectedFiles()[0])
    settings.remember_programs_dir(path.parent)
    return path


def ask_save_path(parent: QWidget | None, suggestion: str,
                  confirm: Callable[[str, str], bool]) -> Path | None:
    """Ask where to save a program; a name without an ending gets .py (asking before it
    replaces a file of that name)."""
    dialog = _dialog(parent, "Save the program", settings.programs_dir() / suggestion)
    dialog.setObjectName("save_dialog")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setDefaultSuffix("py")
    if not dialog.exec() or not dialog.selectedFiles():
        return None
    chosen = Path(dialog.selectedFiles()[0])
    path = chosen
    if dialog.selectedNameFilter() == PROGRAMS_FILTER and not is_program(chosen):
        path = with_program_suffix(chosen)
        if path.exists() and not confirm("Replace the file?",
                                         f"There is already a program called {path.name}. "
                                         "Replace it?"):
            return None
    settings.remember_programs_dir(path.parent)
    return path
