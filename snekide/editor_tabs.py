# SPDX-License-Identifier: GPL-3.0-or-later
"""The editor tabs: one CodeEditor per buffer, each journaled so that nothing typed is lost."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PyQt6.QtCore import QTimer, pyqtSignal
from PyQt6.QtWidgets import QTabWidget, QWidget

from snekide.editor import DEFAULT_FONT_SIZE, CodeEditor
from snekide.journal import Entry, Journal, write_atomic
from snekide.put_history import CopyFolder

#: How often changed buffers are written to the journal, in milliseconds.
JOURNAL_INTERVAL_MS = 2000


class EditorTabs(QTabWidget):
    """Tabs of program buffers, journaled every couple of seconds when they change."""

    current_changed = pyqtSignal()  # another tab, or the current text changed
    font_size_changed = pyqtSignal(int)
    journal_failed = pyqtSignal(str)  # autosave could not write: a message for the student

    def __init__(self, journal: Journal, snapshots: CopyFolder,
                 confirm: Callable[[str, str], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.journal = journal
        self.snapshots = snapshots
        self.confirm = confirm
        self.font_size = DEFAULT_FONT_SIZE
        self._dirty: set[str] = set()
        self._untitled = 0
        self.setTabsClosable(True)
        self.setDocumentMode(True)
        self.tabCloseRequested.connect(self.close_tab)
        self.currentChanged.connect(lambda _index: self.current_changed.emit())
        self.timer = QTimer(self)
        self.timer.setInterval(JOURNAL_INTERVAL_MS)
        self.timer.timeout.connect(self.journal_changes)
        self.timer.start()

    # -- buffers -------------------------------------------------------------

    def editors(self) -> list[CodeEditor]:
        return [w for w in (self.widget(i) for i in range(self.count())) if isinstance(w, CodeEditor)]

    def current(self) -> CodeEditor | None:
        widget = self.currentWidget()
        return widget if isinstance(widget, CodeEditor) else None

    def add_buffer(self, text: str = "", path: Path | None = None, modified: bool = False,
                   buffer_id: str | None = None, name: str | None = None) -> CodeEditor:
        """Open a new tab holding text and make it current."""
        editor = CodeEditor(font_size=self.font_size)
        editor.path = path
        if buffer_id:
            editor.buffer_id = buffer_id
        if name:
            editor.untitled_name = name
            numbered = re.fullmatch(r"New program(?: (\d+))?", name)
            if numbered:  # a restored "New program 2": the next new tab is number 3
                self._untitled = max(self._untitled, int(numbered.group(1) or 1))
        elif path is None:
            self._untitled += 1
            editor.untitled_name = "New program" if self._untitled == 1 else f"New program {self._untitled}"
        editor.set_text(text, modified)
        editor.document().modificationChanged.connect(lambda _m: self._update_title(editor))
        editor.textChanged.connect(lambda: self._changed(editor))
        editor.font_size_changed.connect(self.set_font_size)
        self.addTab(editor, "")
        self._update_title(editor)
        self.setCurrentWidget(editor)
        self.journal_buffer(editor)
        return editor

    def find_path(self, path: Path) -> CodeEditor | None:
        for editor in self.editors():
            if editor.path is not None and editor.path.resolve() == path.resolve():
                return editor
        return None

    @staticmethod
    def is_blank(editor: CodeEditor) -> bool:
        """An untitled, empty buffer: replacing it loses nothing."""
        return editor.path is None and not editor.text().strip()

    @staticmethod
    def is_unsaved(editor: CodeEditor) -> bool:
        """Text that is nowhere else: changed since saved (or never saved and not empty)."""
        if editor.path is None:
            return bool(editor.text().strip())
        return editor.document().isModified()

    def title(self, editor: CodeEditor) -> str:
        return editor.path.name if editor.path is not None else editor.untitled_name

    def _update_title(self, editor: CodeEditor) -> None:
        index = self.indexOf(editor)
        if index >= 0:
            mark = " •" if self.is_unsaved(editor) else ""
            self.setTabText(index, self.title(editor) + mark)
            self.setTabToolTip(index, str(editor.path) if editor.path else "Not saved yet")

    def _changed(self, editor: CodeEditor) -> None:
        self._dirty.add(editor.buffer_id)
        self._update_title(editor)
        if editor is self.current():
            self.current_changed.emit()

    def set_font_size(self, points: int) -> None:
        """Zoom every editor together."""
        self.font_size = points
        for editor in self.editors():
            editor.set_font_size(points)
        self.font_size_changed.emit(points)

    # -- files ---------------------------------------------------------------

    def save(self, editor: CodeEditor, path: Path) -> None:
        """Write editor's text to path (raises OSError)."""
        write_atomic(path, editor.text().encode("utf-8"))
        editor.path = path
        editor.document().setModified(False)
        self._update_title(editor)
        self.journal_buffer(editor)
        self.current_changed.emit()

    def close_tab(self, index: int) -> bool:
        """Close a tab, asking first if its text is not saved; a copy is kept anyway."""
        editor = self.widget(index)
        if not isinstance(editor, CodeEditor):
            return False
        if self.is_unsaved(editor):
            if not self.confirm("Close without saving?",
                                f"“{self.title(editor)}” is not saved. Close it anyway?\n\n"
                                "(A copy is kept in the snapshots folder.)"):
                return False
            try:
                self.snapshots.keep(editor.text(), f"closed-{self.title(editor)}")
            except OSError:
                pass  # the student said yes: closing must still work
        self.removeTab(index)
        self.journal.forget(editor.buffer_id)
        self._dirty.discard(editor.buffer_id)
        editor.deleteLater()
        if self.count() == 0:
            self.add_buffer()
        return True

    # -- journal -------------------------------------------------------------

    def journal_buffer(self, editor: CodeEditor) -> bool:
        """Write one buffer to the journal; False (and journal_failed) if it could not."""
        entry = Entry(text=editor.text(), path=str(editor.path) if editor.path else None,
                      modified=self.is_unsaved(editor), order=self.indexOf(editor),
                      name=editor.untitled_name, buffer_id=editor.buffer_id)
        try:
            self.journal.write(entry)
        except OSError as error:
            self.journal_failed.emit(f"Could not keep a safety copy of your program: {error}")
            return False
        self._dirty.discard(editor.buffer_id)
        return True

    def journal_all(self) -> bool:
        """Write every buffer, in the tabs' order (for the next start); False on failure."""
        return all([self.journal_buffer(editor) for editor in self.editors()])

    def journal_changes(self) -> None:
        """Write the buffers that changed since last time (the timer calls this)."""
        for editor in self.editors():
            if editor.buffer_id in self._dirty:
                self.journal_buffer(editor)
