# SPDX-License-Identifier: GPL-3.0-or-later
"""The program editor: a QPlainTextEdit with line numbers, Snek colours, indenting, zoom and find."""

from __future__ import annotations

import uuid
from pathlib import Path

from pygments.lexers.python import PythonLexer
from pygments.token import Comment, Keyword, Punctuation, Text
from PyQt6.QtCore import QRect, QSize, Qt, pyqtSignal
from PyQt6.QtGui import (
    QColor,
    QFontDatabase,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QWheelEvent,
)
from PyQt6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget

from snekide import theme_switch
from snekide.highlighter import SnekHighlighter
from snekide.themes import Theme

INDENT = 4
DEFAULT_FONT_SIZE = 14
MIN_FONT_SIZE = 8
MAX_FONT_SIZE = 48
#: The editor's own colours without a theme (a theme's [editor] section replaces them).
COLOURS = {"current_line": "#fff8d6", "error_line": "#ffd6d6", "gutter": "#eef1f5",
           "gutter_text": "#95a5a6", "gutter_current": "#34495e"}
#: A line starting with one of these ends its block: the next line is dedented.
BLOCK_ENDERS = frozenset({"return", "pass", "break", "continue", "raise"})

_lexer = PythonLexer()


def leading_spaces(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def next_indent(line: str) -> int:
    """How far to indent the line after this one."""
    indent = leading_spaces(line)
    tokens = [(t, v) for _, t, v in _lexer.get_tokens_unprocessed(line)
              if t not in Text and t not in Comment and v.strip()]
    if not tokens:
        return indent
    last_type, last = tokens[-1]
    if last_type in Punctuation and last == ":":
        return indent + INDENT
    first_type, first = tokens[0]
    if first_type in Keyword and first in BLOCK_ENDERS:
        return max(0, indent - INDENT)
    return indent


class LineNumbers(QWidget):
    """The gutter left of the editor."""

    def __init__(self, editor: CodeEditor) -> None:
        super().__init__(editor)
        self.editor = editor

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(self.editor.line_numbers_width(), 0)

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt override
        if event is not None:
            self.editor.paint_line_numbers(event)


class CodeEditor(QPlainTextEdit):
    """Where the student writes a program."""

    font_size_changed = pyqtSignal(int)

    def __init__(self, parent: QWidget | None = None, font_size: int = DEFAULT_FONT_SIZE) -> None:
        super().__init__(parent)
        #: The file this buffer was opened from or saved to (None: never saved).
        self.path: Path | None = None
        #: Name used in the tab while there is no file.
        self.untitled_name = "New program"
        #: Identity of this buffer in the autosave journal.
        self.buffer_id = uuid.uuid4().hex
        self.setTabChangesFocus(False)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSize(font_size)
        self.setFont(font)
        self.document().setDefaultFont(font)
        self._font_size = font_size
        self._error_line: int | None = None
        self.highlighter = SnekHighlighter(self.document())
        self._colours = dict(COLOURS)
        self.gutter = LineNumbers(self)
        self.blockCountChanged.connect(self._update_margins)
        self.updateRequest.connect(self._update_gutter)
        self.cursorPositionChanged.connect(self._update_selections)
        self.textChanged.connect(self._clear_error_line)
        self._update_margins()
        self._update_selections()
        theme_switch.follow(self, self.apply_theme)

    def apply_theme(self, theme: Theme | None) -> None:
        """Take a theme's editor and syntax colours (None: the built-in ones)."""
        self._colours = dict(theme.editor) if theme is not None else dict(COLOURS)
        palette = self.palette()
        if theme is not None:
            palette.setColor(palette.ColorRole.Base, QColor(theme.editor["background"]))
            palette.setColor(palette.ColorRole.Text, QColor(theme.editor["text"]))
            self.setPalette(palette)
        else:
            self.setPalette(QPalette())
        self.highlighter.set_theme(theme)
        self._update_selections()
        self.gutter.update()

    # -- text ----------------------------------------------------------------

    def text(self) -> str:
        return self.toPlainText()

    def set_text(self, text: str, modified: bool = False) -> None:
        """Load text (a file's, or a program from the robot) with the cursor at the start."""
        self.setPlainText(text)
        self.document().setModified(modified)
        self.moveCursor(QTextCursor.MoveOperation.Start)

    # -- zoom ----------------------------------------------------------------

    def font_size(self) -> int:
        return self._font_size

    def set_font_size(self, points: int) -> None:
        points = max(MIN_FONT_SIZE, min(MAX_FONT_SIZE, points))
        if points == self._font_size:
            return
        self._font_size = points
        font = self.font()
        font.setPointSize(points)
        self.setFont(font)
        self.document().setDefaultFont(font)
        self._update_margins()
        self.font_size_changed.emit(points)

    def zoom_in(self) -> None:
        self.set_font_size(self._font_size + 2)

    def zoom_out(self) -> None:
        self.set_font_size(self._font_size - 2)

    def wheelEvent(self, event: QWheelEvent | None) -> None:  # noqa: N802 - Qt override
        if event is not None and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            delta = event.angleDelta().y()
            if delta > 0:
                self.zoom_in()
            elif delta < 0:
                self.zoom_out()
            event.accept()
            return
        super().wheelEvent(event)

    # -- keys ----------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent | None) -> None:  # noqa: N802 - Qt override
        if event is None:
            return
        key, mods = event.key(), event.modifiers()
        ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
        if ctrl and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif ctrl and key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
        elif ctrl and key == Qt.Key.Key_0:
            self.set_font_size(DEFAULT_FONT_SIZE)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (mods & ~Qt.KeyboardModifier.KeypadModifier):
            self._new_line()
        elif key == Qt.Key.Key_Backspace and not mods and self._dedent_backspace():
            pass
        elif key == Qt.Key.Key_Tab and not mods:
            self._tab()
        elif key == Qt.Key.Key_Backtab:
            self._shift_lines(-INDENT)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _new_line(self) -> None:
        cursor = self.textCursor()
        cursor.beginEditBlock()
        cursor.removeSelectedText()
        before = cursor.block().text()[:cursor.positionInBlock()]
        indent = next_indent(before)
        # Spaces after the cursor would add to the new indent: drop them.
        while cursor.block().text()[cursor.positionInBlock():cursor.positionInBlock() + 1] == " ":
            cursor.deleteChar()
        cursor.insertText("\n" + " " * indent)
        cursor.endEditBlock()
        self.setTextCursor(cursor)

    def _dedent_backspace(self) -> bool:
        """Backspace in leading spaces goes back to the previous indent level."""
        cursor = self.textCursor()
        column = cursor.positionInBlock()
        if cursor.hasSelection() or column == 0:
            return False
        if cursor.block().text()[:column].strip(" "):
            return False
        remove = column % INDENT or INDENT
        cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor, remove)
        cursor.removeSelectedText()
        self.setTextCursor(cursor)
        return True

    def _tab(self) -> None:
        cursor = self.textCursor()
        doc = self.document()
        if cursor.hasSelection() and (doc.findBlock(cursor.selectionStart()).blockNumber()
                                      != doc.findBlock(cursor.selectionEnd()).blockNumber()):
            self._shift_lines(INDENT)
            return
        column = cursor.positionInBlock()
        cursor.insertText(" " * (INDENT - column % INDENT))
        self.setTextCursor(cursor)

    def _shift_lines(self, amount: int) -> None:
        """Indent (amount > 0) or dedent every line touched by the selection."""
        cursor = self.textCursor()
        doc = self.document()
        first = doc.findBlock(cursor.selectionStart()).blockNumber()
        last = doc.findBlock(cursor.selectionEnd()).blockNumber()
        if last > first and cursor.selectionEnd() == doc.findBlockByNumber(last).position():
            last -= 1  # a selection ending at a line start does not include that line
        edit = QTextCursor(doc)
        edit.beginEditBlock()
        for number in range(first, last + 1):
            block = doc.findBlockByNumber(number)
            edit.setPosition(block.position())
            if amount > 0:
                if block.text().strip():
                    edit.insertText(" " * amount)
            else:
                remove = min(-amount, leading_spaces(block.text()))
                edit.movePosition(QTextCursor.MoveOperation.Right,
                                  QTextCursor.MoveMode.KeepAnchor, remove)
                edit.removeSelectedText()
        edit.endEditBlock()

    # -- going to a line -----------------------------------------------------

    def show_line(self, number: int, error: bool = True) -> None:
        """Put the cursor at the start of line number (1-based) and scroll it into view."""
        count = self.document().blockCount()
        number = max(1, min(count, number))
        block = self.document().findBlockByNumber(number - 1)
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.MoveAnchor,
                            leading_spaces(block.text()))
        self.setTextCursor(cursor)
        self.centerCursor()
        self.ensureCursorVisible()
        self._error_line = number if error else None
        self._update_selections()
        self.setFocus()

    def error_line(self) -> int | None:
        """The line marked by the last show_line (until the text changes)."""
        return self._error_line

    def _clear_error_line(self) -> None:
        if self._error_line is not None:
            self._error_line = None
            self._update_selections()

    def _update_selections(self) -> None:
        selections = []
        current = QTextEdit.ExtraSelection()
        current.format.setBackground(QColor(self._colours["current_line"]))
        current.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        current.cursor = self.textCursor()
        current.cursor.clearSelection()
        selections.append(current)
        if self._error_line is not None:
            error = QTextEdit.ExtraSelection()
            error.format.setBackground(QColor(self._colours["error_line"]))
            error.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            error.cursor = QTextCursor(self.document().findBlockByNumber(self._error_line - 1))
            selections.append(error)
        self.setExtraSelections(selections)

    # -- find and replace ----------------------------------------------------

    def find_text(self, needle: str, backward: bool = False) -> bool:
        """Select the next match of needle (ignoring case), wrapping around the end."""
        if not needle:
            return False
        flags = QTextDocument.FindFlag(0)
        if backward:
            flags |= QTextDocument.FindFlag.FindBackward
        doc = self.document()
        found = doc.find(needle, self.textCursor(), flags)
        if found.isNull():
            start = QTextCursor(doc)
            if backward:
                start.movePosition(QTextCursor.MoveOperation.End)
            found = doc.find(needle, start, flags)
        if found.isNull():
            return False
        self.setTextCursor(found)
        return True

    def replace_current(self, needle: str, replacement: str) -> bool:
        """Replace the selected match (if any) and select the next one; False if none left."""
        cursor = self.textCursor()
        if needle and cursor.hasSelection() and cursor.selectedText().lower() == needle.lower():
            cursor.insertText(replacement)
            self.setTextCursor(cursor)
        return self.find_text(needle)

    def replace_all(self, needle: str, replacement: str) -> int:
        """Replace every match in one undoable step; return how many."""
        if not needle:
            return 0
        doc = self.document()
        cursor = QTextCursor(doc)
        edit = QTextCursor(doc)
        edit.beginEditBlock()
        count = 0
        while True:
            cursor = doc.find(needle, cursor)
            if cursor.isNull():
                break
            cursor.insertText(replacement)
            count += 1
        edit.endEditBlock()
        return count

    # -- line numbers --------------------------------------------------------

    def line_numbers_width(self) -> int:
        digits = max(2, len(str(self.blockCount())))
        return 12 + self.fontMetrics().horizontalAdvance("9") * digits

    def _update_margins(self, _count: int = 0) -> None:
        self.setViewportMargins(self.line_numbers_width(), 0, 0, 0)

    def _update_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())
        if rect.contains(self.viewport().rect()):
            self._update_margins()

    def resizeEvent(self, event: QResizeEvent | None) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        area = self.contentsRect()
        self.gutter.setGeometry(QRect(area.left(), area.top(), self.line_numbers_width(),
                                      area.height()))

    def paint_line_numbers(self, event: QPaintEvent) -> None:
        painter = QPainter(self.gutter)
        painter.fillRect(event.rect(), QColor(self._colours["gutter"]))
        painter.setFont(self.font())
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = self.fontMetrics().height()
        current = self.textCursor().blockNumber()
        while block.isValid() and top <= event.rect().bottom():
            bottom = top + round(self.blockBoundingRect(block).height())
            if block.isVisible() and bottom >= event.rect().top():
                number = block.blockNumber()
                painter.setPen(QColor(self._colours["gutter_current" if number == current
                                                     else "gutter_text"]))
                painter.drawText(0, top, self.gutter.width() - 6, height,
                                 Qt.AlignmentFlag.AlignRight, str(number + 1))
            block = block.next()
            top = bottom
        painter.end()
