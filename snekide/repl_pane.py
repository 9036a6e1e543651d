# SPDX-License-Identifier: GPL-3.0-or-later
"""The REPL pane: a console where the student types Snek lines for the robot.

The board decides what comes next: each line goes to it when it asks with its prompt, and the
pane shows that prompt (`> ` for a new statement, `+ ` for more of one). What the student types
meanwhile waits, shown greyed, and goes when the board is ready. The pane holds no rules of the
language (see device.statements) and no protocol: the window carries lines to the connection.

The document, top to bottom: what has happened (output, lines sent, errors, notes), the lines
waiting to be sent, and the prompt with the line being typed.
"""

from __future__ import annotations

from PyQt6.QtCore import QEvent, QMimeData, Qt, QTimer, pyqtSignal
from PyQt6.QtGui import (QAction, QColor, QContextMenuEvent, QFont, QFontDatabase, QKeyEvent,
                         QKeySequence, QPalette, QTextCharFormat, QTextCursor)
from PyQt6.QtWidgets import QApplication, QMenu, QPlainTextEdit, QWidget

from snekide import theme_switch
from snekide.device.protocol import CONTINUATION_PROMPT, PROMPT
from snekide.device.statements import INDENT, next_indent, open_bracket, pasted_lines
from snekide.error_report import ErrorReport
from snekide.repl_history import InputHistory
from snekide.themes import Theme

#: Colours without a theme (a theme's [repl] table replaces them).
READY_COLOUR = QColor("#2e7d32")
BUSY_COLOUR = QColor("#9e9e9e")
HELP_COLOUR = QColor("#6a1b9a")
ERROR_COLOUR = QColor("#b3261e")
WAITING_COLOUR = QColor("#8a8a8a")

DEFAULT_COLOURS = {"ready": READY_COLOUR, "busy": BUSY_COLOUR, "hint": HELP_COLOUR,
                   "error": ERROR_COLOUR, "waiting": WAITING_COLOUR}

#: Shown in front of a line that waits for the robot.
WAITING_MARK = "… "
NOT_SENT = "(not sent) "
#: Lines of scrollback kept: a robot printing in a loop must not fill the memory.
SCROLLBACK = 2000

_CLOSER = {"(": ")", "[": "]", "{": "}"}


def bracket_hint(bracket: str) -> str:
    return (f"A {bracket} is still open, so Snek waits for more. "
            f"Type {_CLOSER[bracket]} to close it, or press Escape to start the line again.")


def _format(colour: QColor | None = None, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    look = QTextCharFormat()
    if colour is not None:
        look.setForeground(colour)
    if bold:
        look.setFontWeight(QFont.Weight.Bold)
    look.setFontItalic(italic)
    return look


class ReplPane(QPlainTextEdit):
    """Local line editing for the board's REPL (the board does not echo)."""

    #: A line to send: (text, answer). answer: it answers a program's input() and goes at once.
    line_entered = pyqtSignal(str, bool)
    #: Several lines pasted: sent one per prompt, stopping at the first error.
    lines_pasted = pyqtSignal(list)
    #: Ctrl+C without a selection, or Escape while something runs: stop the robot.
    interrupt_requested = pyqtSignal()
    #: Escape while the board waits for more of a statement: forget the statement.
    cancel_requested = pyqtSignal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setUndoRedoEnabled(False)
        self.setMaximumBlockCount(SCROLLBACK)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        self.history = InputHistory()
        self._plain = QTextCharFormat()
        self._ready = False           # the board waits for a line
        self._main = True             # ... for a new statement (`> `), else for more (`+ `)
        self._statement: list[str] = []   # lines sent since the last `> `
        self._hinted = False          # the open-bracket hint was shown for this statement
        self._pending: list[str] = []
        self._open_line = False       # the last output line has no newline yet
        document = self.document()
        assert document is not None
        # Where output goes (the end of what has happened): moved by hand after each insert.
        self._out = QTextCursor(document)
        self._out.setKeepPositionOnInsert(True)
        self._open = QTextCursor(document)       # the end of an open output line
        self._open.setKeepPositionOnInsert(True)
        self._prompt = QTextCursor(document)     # the prompt's start: moves with inserts
        self._input = QTextCursor(document)      # the input's start: stays when typing there
        self._input.setKeepPositionOnInsert(True)
        self._colours = dict(DEFAULT_COLOURS)
        self._write_prompt(PROMPT, ready=False)
        self._build_actions()
        theme_switch.follow(self, self.apply_theme)

    def apply_theme(self, theme: Theme | None) -> None:
        """Take a theme's REPL colours (None: the built-in ones) for what is shown from now on."""
        table = theme.repl if theme is not None else None
        self._colours = dict(DEFAULT_COLOURS)
        palette = QPalette()
        if table:
            self._colours.update(ready=QColor(table["prompt_ready"]),
                                 busy=QColor(table["prompt_busy"]),
                                 hint=QColor(table["hint"]), error=QColor(table["error"]))
            palette.setColor(QPalette.ColorRole.Base, QColor(table["background"]))
            palette.setColor(QPalette.ColorRole.Text, QColor(table["text"]))
        self.setPalette(palette)
        self._write_prompt(self._prompt_text(), self._ready)   # the prompt in its new colour

    # ----- what the board and the window tell the pane -----------------------

    def show_output(self, text: str) -> None:
        """Board output, above the waiting lines and the prompt, as it comes."""
        # Control characters would show as boxes (the device layer took the protocol's out).
        text = "".join(c for c in text if c >= " " or c in "\n\t")
        if not text:
            return
        follow = self._at_end()
        body = text[:-1] if text.endswith("\n") else text
        # Positions are read from cursors, never kept as numbers: an insert that makes the
        # scrollback drop its oldest line moves every position after it.
        cursor = self._at(self._open if self._open_line else self._out)
        cursor.insertText(body, self._plain)
        self._open.setPosition(cursor.position())
        if not self._open_line:
            cursor.insertText("\n", self._plain)   # the prompt line never shares output
            self._out.setPosition(cursor.position())
        self._open_line = not text.endswith("\n")
        if follow:
            self.scroll_to_end()

    def show_error(self, report: ErrorReport) -> None:
        """An error in the student's words: where and what, then the hint."""
        self._add_line(report.heading, _format(self._colours["error"], bold=True))
        if report.hint:
            self._add_line(report.hint, _format(self._colours["hint"], italic=True))

    def show_note(self, text: str) -> None:
        """A word from the IDE (not the robot), on its own line, coloured."""
        for line in text.strip("\n").split("\n"):
            self._add_line(line, _format(self._colours["hint"], italic=True))

    def set_ready(self, main: bool) -> None:
        """The board waits for a line: a new statement (main) or more of the current one."""
        self._ready, self._main = True, main
        if main:
            self._statement, self._hinted = [], False
        self._write_prompt(PROMPT if main else CONTINUATION_PROMPT, ready=True)
        # Indent for the student's next line, not while pasted lines (Try it) still go: the
        # indent would stay in the input after them, at a `>` where it is an error.
        if not main and not self.input_text() and not self._pending:
            self._set_input(next_indent(self._statement))
        bracket = open_bracket(self._statement) if not main else None
        if bracket is not None and not self._hinted:
            self._hinted = True
            self.show_note(bracket_hint(bracket[0]))
        self.scroll_to_end()

    def set_busy(self) -> None:
        """The board is busy (or not there): the prompt greys; typing ahead goes on."""
        self._ready = False
        self._write_prompt(self._prompt_text(), ready=False)

    def line_sent(self, text: str, main: bool) -> None:
        """A waiting line went to the board, at a `> ` (main) or `+ ` prompt."""
        if text not in self._pending:
            return
        self._pending.remove(text)
        self._render_pending()
        if main:
            self._statement, self._hinted = [], False
        self._statement.append(text)
        self._add_line(text, self._plain, prompt=PROMPT if main else CONTINUATION_PROMPT)
        self.set_busy()

    def lines_dropped(self, texts: list[str]) -> None:
        """Waiting lines that will never be sent (Stop, Put, an error before them): they stay
        in view, marked, and in the history (Up brings them back)."""
        dropped = [text for text in texts if text in self._pending]
        for text in dropped:
            self._pending.remove(text)
        self._render_pending()
        for text in dropped:
            self._add_line(NOT_SENT + text, _format(self._colours["waiting"], italic=True))

    def clear_screen(self) -> None:
        """Forget what has happened; keep the waiting lines and what is being typed."""
        cursor = self._at(self._out)
        cursor.setPosition(0, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        self._open_line = False

    def set_font_size(self, points: int) -> None:
        font = QFont(self.font())
        font.setPointSize(max(1, points))
        self.setFont(font)

    # ----- reading the pane ---------------------------------------------------

    def input_text(self) -> str:
        """What the student is typing after the prompt."""
        cursor = self._at(self._input)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        return cursor.selectedText().replace("\u2029", "\n")

    def prompt_text(self) -> str:
        return self._prompt_text()

    @property
    def ready(self) -> bool:
        """The board waits for a line and nothing typed is waiting to go."""
        return self._ready and not self._pending

    def waiting_lines(self) -> list[str]:
        return list(self._pending)

    def all_text(self) -> str:
        return self.toPlainText()

    # ----- keys ---------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent | None) -> None:  # noqa: N802 - Qt override
        if event is None:
            return
        key, mods = event.key(), event.modifiers()
        ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
        cursor = self.textCursor()
        if self._is_ctrl_c(event):
            if cursor.hasSelection():
                self.copy()
                cursor.clearSelection()   # like a terminal: the next Ctrl+C interrupts
                self.setTextCursor(cursor)
            else:
                self.interrupt_requested.emit()
            return
        if key == Qt.Key.Key_Escape:
            (self.cancel_requested if self._ready and not self._main
             else self.interrupt_requested).emit()
            return
        if ctrl and key == Qt.Key.Key_L:
            self.clear_screen()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._enter()
            return
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down) and not mods and self._in_input(cursor):
            self._recall(back=key == Qt.Key.Key_Up)
            return
        if key == Qt.Key.Key_Home and self._in_input(cursor):
            mode = (QTextCursor.MoveMode.KeepAnchor if mods & Qt.KeyboardModifier.ShiftModifier
                    else QTextCursor.MoveMode.MoveAnchor)
            cursor.setPosition(self._input.position(), mode)
            self.setTextCursor(cursor)
            return
        if key == Qt.Key.Key_Tab:
            self._into_input()
            self._indent()
            return
        if key == Qt.Key.Key_Backspace:
            self._into_input()
            if not self.textCursor().hasSelection() and (
                    self.textCursor().position() <= self._input.position() or self._dedent()):
                return
        elif event.matches(QKeySequence.StandardKey.Cut) and not self._selection_in_input():
            self.copy()   # what has happened cannot be cut
            return
        elif (key == Qt.Key.Key_Delete or event.matches(QKeySequence.StandardKey.Paste)
              or (event.text() and event.text().isprintable())):
            self._into_input()
        super().keyPressEvent(event)

    def _is_ctrl_c(self, event: QKeyEvent) -> bool:
        others = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.AltModifier
        return (event.key() == Qt.Key.Key_C
                and bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
                and not event.modifiers() & others)

    def event(self, e: QEvent | None) -> bool:  # noqa: N802 - Qt override
        # Ctrl+C and Escape belong to the pane even if the window has shortcuts for them.
        if (e is not None and e.type() == QEvent.Type.ShortcutOverride
                and isinstance(e, QKeyEvent) and (self._is_ctrl_c(e) or e.key() == Qt.Key.Key_Escape)):
            e.accept()
            return True
        return super().event(e)

    # ----- the clipboard and the menu -----------------------------------------

    def createMimeDataFromSelection(self) -> QMimeData:  # noqa: N802 - Qt override
        """Copy as plain text only (no fonts or colours)."""
        data = QMimeData()
        data.setText(self.textCursor().selectedText().replace("\u2029", "\n"))
        return data

    def canInsertFromMimeData(self, source: QMimeData | None) -> bool:  # noqa: N802
        return source is not None and source.hasText()

    def insertFromMimeData(self, source: QMimeData | None) -> None:  # noqa: N802 - Qt override
        """Paste (or drop): one line goes into the input; several are sent as a program."""
        if source is None or not source.hasText():
            return
        self.paste_text(source.text())

    def paste_text(self, text: str) -> None:
        lines = pasted_lines(text)
        if not lines:
            return
        self._into_input()
        cursor = self.textCursor()
        if len(lines) == 1 and "\n" not in text.strip("\n"):
            typed = self.input_text()[:cursor.position() - self._input.position()]
            cursor.insertText(lines[0].lstrip() if not typed.strip() else lines[0])
            self.setTextCursor(cursor)
            return
        first = self.input_text() + lines[0]
        lines = [first, *lines[1:]] if first.strip() else lines
        self._set_input("")
        self._send_lines(lines)

    def type_text(self, text: str) -> None:
        """Send text as if typed line by line (a lesson's Try it); the line being typed stays."""
        lines = pasted_lines(text)
        if lines:
            self._send_lines(lines)

    def _send_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.history.add(line)
        self._pending.extend(lines)
        self._render_pending()
        self.lines_pasted.emit(lines)

    def contextMenuEvent(self, event: QContextMenuEvent | None) -> None:  # noqa: N802
        if event is None:
            return
        menu = QMenu(self)
        self.copy_action.setEnabled(self.textCursor().hasSelection())
        for action in (self.copy_action, self.copy_all_action, self.paste_action, None,
                       self.select_all_action, self.clear_action):
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.exec(event.globalPos())

    def copy_all(self) -> None:
        """Everything the pane shows, as plain text, to the clipboard."""
        clipboard = QApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.toPlainText())

    def _build_actions(self) -> None:
        def action(text: str, slot, shortcut: str = "") -> QAction:  # noqa: ANN001
            made = QAction(text, self)
            made.triggered.connect(lambda _checked=False: slot())
            if shortcut:
                made.setShortcut(QKeySequence(shortcut))
                made.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            return made

        self.copy_action = action("Copy", self.copy)
        self.copy_all_action = action("Copy all as text", self.copy_all)
        self.paste_action = action("Paste", self.paste)
        self.select_all_action = action("Select all", self.selectAll)
        self.clear_action = action("Clear", self.clear_screen, "Ctrl+L")

    # ----- inside ---------------------------------------------------------------

    def _enter(self) -> None:
        text = self.input_text().rstrip()
        answer = not self._ready and self._open_line
        self.history.add(text)
        self._set_input("")
        if answer:
            # A program waits in input(): the answer goes at once, after its question.
            cursor = self._at(self._open)
            cursor.insertText(text, self._plain)
            self._open_line = False
            self.line_entered.emit(text, True)
            self.scroll_to_end()
            return
        if not text and self._main and not self._pending:
            self._add_line("", self._plain, prompt=PROMPT)   # nothing to send: a fresh prompt
            return
        self._pending.append(text)
        self._render_pending()
        self.line_entered.emit(text, False)
        self.scroll_to_end()

    def _recall(self, back: bool) -> None:
        line = self.history.back(self.input_text()) if back else self.history.forward()
        if line is not None:
            self._set_input(line)

    def _indent(self) -> None:
        cursor = self.textCursor()
        column = cursor.position() - self._input.position()
        cursor.insertText(" " * (INDENT - column % INDENT))
        self.setTextCursor(cursor)

    def _dedent(self) -> bool:
        """Backspace in the indentation goes back one level; True if it did."""
        cursor = self.textCursor()
        column = cursor.position() - self._input.position()
        if column <= 0 or self.input_text()[:column].strip():
            return False
        cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor,
                            (column - 1) % INDENT + 1)
        cursor.removeSelectedText()
        self.setTextCursor(cursor)
        return True

    def _in_input(self, cursor: QTextCursor) -> bool:
        return min(cursor.position(), cursor.anchor()) >= self._input.position()

    def _selection_in_input(self) -> bool:
        return self._in_input(self.textCursor())

    def _into_input(self) -> None:
        """Typing goes into the input: a cursor or selection outside it moves to its end."""
        cursor = self.textCursor()
        if not self._in_input(cursor):
            cursor.movePosition(QTextCursor.MoveOperation.End)
            self.setTextCursor(cursor)
        self.setCurrentCharFormat(self._plain)

    def _set_input(self, text: str) -> None:
        cursor = self._at(self._input)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(text, self._plain)
        self.setTextCursor(cursor)
        self.setCurrentCharFormat(self._plain)

    def _prompt_text(self) -> str:
        cursor = self._at(self._prompt)
        cursor.setPosition(self._input.position(), QTextCursor.MoveMode.KeepAnchor)
        return cursor.selectedText()

    def _write_prompt(self, text: str, ready: bool) -> None:
        """Put text at the prompt, green when the board is ready, grey when busy."""
        start = self._prompt.position()
        cursor = self._at(self._prompt)
        cursor.setPosition(self._input.position(), QTextCursor.MoveMode.KeepAnchor)
        colour = self._colours["ready"] if ready else self._colours["busy"]
        cursor.insertText(text, _format(colour, bold=True))
        self._prompt.setPosition(start)
        self._input.setPosition(start + len(text))
        if start <= self.textCursor().position() < self._input.position():
            self._into_input()

    def _render_pending(self) -> None:
        """Show the lines waiting for the board between what happened and the prompt."""
        cursor = self._at(self._out)
        cursor.setPosition(self._prompt.position(), QTextCursor.MoveMode.KeepAnchor)
        text = "".join(f"{WAITING_MARK}{line}\n" for line in self._pending)
        start = self._out.position()
        cursor.insertText(text, _format(self._colours["waiting"], italic=True))
        self._out.setPosition(start)
        self._prompt.setPosition(start + len(text))
        if self._pending:
            self.scroll_to_end()

    def _add_line(self, text: str, look: QTextCharFormat, prompt: str = "") -> None:
        """A whole line at the end of what has happened (after any open output line)."""
        cursor = self._at(self._out)
        if prompt:
            cursor.insertText(prompt, _format(self._colours["busy"], bold=True))
        cursor.insertText(text, look)
        cursor.insertText("\n", self._plain)
        self._out.setPosition(cursor.position())
        self._open_line = False
        self.scroll_to_end()

    def _at(self, anchor: QTextCursor) -> QTextCursor:
        """A fresh editing cursor where anchor is (a copy would share anchor's settings)."""
        cursor = QTextCursor(self.document())
        cursor.setPosition(anchor.position())
        return cursor

    def _at_end(self) -> bool:
        bar = self.verticalScrollBar()
        return bar is None or bar.value() >= bar.maximum() - 1

    def scroll_to_end(self) -> None:
        """Show the newest lines and the prompt (again once Qt has laid the text out)."""
        self._scroll_now()
        QTimer.singleShot(0, self._scroll_now)

    def _scroll_now(self) -> None:
        bar = self.verticalScrollBar()
        if bar is not None:
            bar.setValue(bar.maximum())
