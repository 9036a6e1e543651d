# SPDX-License-Identifier: GPL-3.0-or-later
"""The REPL pane: a console where the student types Snek statements for the robot."""

from __future__ import annotations

import os
import re
import sys
import textwrap
from dataclasses import dataclass
from typing import Callable

if "qtpy" not in sys.modules:
    # qtconsole reaches Qt through qtpy: make it pick our binding, not whichever it finds first.
    os.environ["QT_API"] = "pyqt6"

from PyQt6.QtCore import QEvent, QObject, Qt, pyqtSignal
from PyQt6.QtGui import (
    QClipboard, QColor, QFont, QKeyEvent, QKeySequence, QPalette, QTextCharFormat, QTextCursor,
)
from PyQt6.QtWidgets import QApplication, QTextEdit, QWidget
from qtconsole.history_console_widget import HistoryConsoleWidget

from snekide import theme_switch
from snekide.themes import Theme

PROMPT = "> "
CONTINUATION_PROMPT = "+ "
INDENT = 4

#: Statements that open a block on the device; `elif`/`else` continue one.
COMPOUND = frozenset({"if", "while", "for", "def"})
CLAUSES = frozenset({"elif", "else"})
#: After these the next line usually goes one level out.
DEDENT_AFTER = frozenset({"return", "pass", "break", "continue"})

#: Prompt and hint colours without a theme (a theme's [repl] section replaces them).
READY_COLOUR = QColor("#2e7d32")
BUSY_COLOUR = QColor("#9e9e9e")
HELP_COLOUR = QColor("#6a1b9a")

# Names may contain dots in Snek (`math.sqrt` is one name), so `if.x` is not `if`.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
# Control characters would show as boxes (the device layer removes the protocol bytes).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


# ---------------------------------------------------------------------------
# Statement rules: what the device's lexer does with lines, without Qt.
# ---------------------------------------------------------------------------

class _Scanner:
    """Follows brackets, strings and backslashes across physical lines, like the device's lexer."""

    def __init__(self) -> None:
        self.depth = 0
        self.quote = ""       # a string continued by backslash-newline
        self.joined = False   # the last line ended with a backslash

    @property
    def open(self) -> bool:
        return self.depth > 0 or self.joined

    def feed(self, line: str) -> str:
        """Scan one physical line; return its code with any comment cut off."""
        i, n = 0, len(line)
        escaped_eol = False
        while i < n:
            c = line[i]
            if self.quote:
                if c == "\\":
                    escaped_eol = i + 1 == n
                    i += 2
                    continue
                if c == self.quote:
                    self.quote = ""
            elif c == "#":
                line = line[:i]
                break
            elif c in "([{":
                self.depth += 1
            elif c in ")]}":
                self.depth = max(0, self.depth - 1)   # the device ignores a stray closer
            elif c in "'\"":
                self.quote = c
            elif c == "\\" and i + 1 == n:
                escaped_eol = True
            i += 1
        if not escaped_eol:
            self.quote = ""   # an unterminated string: the device will say so
        self.joined = escaped_eol
        return line


@dataclass
class _Logical:
    """Physical lines [start, end) joined by brackets or backslashes."""

    start: int
    end: int
    indent: int
    code: str   # without comments; empty for blank and comment-only lines


def _logical_lines(lines: list[str]) -> tuple[list[_Logical], bool]:
    """Group physical lines; also say whether the last group is still open."""
    scanner = _Scanner()
    out: list[_Logical] = []
    for i, line in enumerate(lines):
        was_open = scanner.open
        code = scanner.feed(line).strip()
        if was_open and out:
            out[-1].end = i + 1
            out[-1].code = f"{out[-1].code} {code}".strip()
        else:
            out.append(_Logical(i, i + 1, len(line) - len(line.lstrip(" ")), code))
    return out, scanner.open


def _first_word(code: str) -> str:
    match = _NAME.match(code)
    return match.group() if match else ""


def _opens_block(code: str) -> bool:
    return code.endswith(":") or _first_word(code) in COMPOUND | CLAUSES


def is_block(statement: str) -> bool:
    """Whether the device needs a blank line after this statement to run it."""
    logical, _ = _logical_lines(statement.split("\n"))
    first = next((line for line in logical if line.code), None)
    return first is not None and _opens_block(first.code)


def is_complete(source: str) -> tuple[bool, str]:
    """As the REPL sees typed input: (ready to send, indentation of the next line if not)."""
    lines = source.split("\n")
    logical, still_open = _logical_lines(lines)
    if still_open:
        last = lines[-1]
        return False, " " * (len(last) - len(last.lstrip(" ")))
    code_lines = [line for line in logical if line.code]
    if not code_lines or not _opens_block(code_lines[0].code):
        return True, ""
    if len(lines) > 1 and not lines[-1].strip():
        return True, ""   # a blank line ends the block, as on the device
    last = code_lines[-1]
    indent = last.indent
    if last.code.endswith(":"):
        indent += INDENT
    elif _first_word(last.code) in DEDENT_AFTER:
        indent = max(0, indent - INDENT)
    return False, " " * indent


def is_finished(statement: str) -> bool:
    """Whether a statement from a program (not typed line by line) can run as it is."""
    logical, still_open = _logical_lines(statement.split("\n"))
    code_lines = [line for line in logical if line.code]
    return not still_open and bool(code_lines) and not code_lines[-1].code.endswith(":")


def split_statements(program: str) -> list[str]:
    """Cut a program into top-level statements, each with its block, as the REPL must receive them.

    Blank lines are dropped (on the device they would end a block early), and so are comment
    lines outside blocks (each would cost a prompt on the device).
    """
    lines = [line.rstrip() for line in program.split("\n")]
    logical, _ = _logical_lines(lines)
    statements: list[list[str]] = []
    for group in logical:
        text = lines[group.start:group.end]
        if not group.code:
            if group.indent and statements and is_block("\n".join(statements[-1])):
                statements[-1].extend(text)
            continue
        if statements and (group.indent or _first_word(group.code) in CLAUSES):
            statements[-1].extend(text)
        else:
            statements.append(text)
    return ["\n".join(statement) for statement in statements]


def clean_statement(source: str) -> str:
    """Typed input as it is sent: no trailing spaces, no closing blank line."""
    return "\n".join(line.rstrip() for line in source.split("\n")).rstrip()


def tidy_text(text: str) -> str:
    """Newlines as '\\n', tabs as spaces (the device refuses tabs)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.expandtabs(INDENT) for line in text.split("\n"))


# ---------------------------------------------------------------------------
# The widget.
# ---------------------------------------------------------------------------

class ReplPane(HistoryConsoleWidget):
    """Local line editing for the REPL: the device does not echo, so the pane shows the input."""

    line_entered = pyqtSignal(str)
    interrupt_requested = pyqtSignal()

    def __init__(self, parent: QWidget | None = None) -> None:
        # Plain text only; no pager (device output is never paged); 1000 lines of scrollback.
        super().__init__(parent, ansi_codes=False, paging="none", buffer_size=1000)
        self._ready = True
        self._open_line = False                 # the last output line has no newline yet
        self._open_cursor = QTextCursor(self._control.document())
        self._help_format = QTextCharFormat()
        self._help_format.setForeground(HELP_COLOUR)
        self._help_format.setFontItalic(True)
        self._prompt_colours = (READY_COLOUR, BUSY_COLOUR)
        self._drop_clashing_shortcuts()
        self.setFocusProxy(self._control)
        self._set_continuation_prompt(CONTINUATION_PROMPT)
        self._show_prompt(PROMPT)
        theme_switch.follow(self, self.apply_theme)

    # ----- public API -------------------------------------------------------

    def apply_theme(self, theme: Theme | None) -> None:
        """Take a theme's REPL colours (None: the built-in ones)."""
        colours = theme.repl if theme is not None else None
        self._prompt_colours = ((QColor(colours["prompt_ready"]), QColor(colours["prompt_busy"]))
                                if colours else (READY_COLOUR, BUSY_COLOUR))
        self._help_format.setForeground(QColor(colours["hint"]) if colours else HELP_COLOUR)
        palette = QPalette()
        if colours:
            palette.setColor(QPalette.ColorRole.Base, QColor(colours["background"]))
            palette.setColor(QPalette.ColorRole.Text, QColor(colours["text"]))
        self._control.setPalette(palette)
        self._paint_prompt()

    def show_output(self, text: str) -> None:
        """Show device output above the input line, whatever the student is typing."""
        self._add_output(text, QTextCharFormat())

    def show_error_help(self, text: str) -> None:
        """Show a friendly explanation on its own line(s), coloured, above the input line."""
        text = tidy_text(text).strip("\n")
        if text:
            self._open_line = False   # the newline shown after an open line becomes its end
            self._add_output(text + "\n", self._help_format)

    def set_prompt_ready(self, ready: bool) -> None:
        """Grey the prompt while the robot is busy; typing ahead stays possible."""
        self._ready = ready
        self._paint_prompt()

    def clear_screen(self) -> None:
        """Forget everything shown; keep what the student is typing."""
        self._open_line = False
        self.clear(keep_input=True)
        self._control.document().clearUndoRedoStacks()

    def set_font_size(self, points: int) -> None:
        font = QFont(self.font)
        font.setPointSize(max(1, points))
        self._set_font(font)

    def paste(self, mode: QClipboard.Mode = QClipboard.Mode.Clipboard) -> None:
        """Paste; several lines are run as a program, statement by statement."""
        if not self._control.textInteractionFlags() & Qt.TextInteractionFlag.TextEditable:
            return
        text = tidy_text(QApplication.clipboard().text(mode)).rstrip()
        if not text.strip():
            return
        self._keep_cursor_in_buffer()
        cursor = self._control.textCursor()
        cursor.removeSelectedText()
        if "\n" not in text:
            line = self._get_input_buffer_cursor_line() or ""
            in_indent = not line[:self._get_input_buffer_cursor_column()].strip()
            # In the indentation the line already has its indent: don't double it.
            cursor.insertText(text.lstrip() if in_indent else text)
            self._control.setTextCursor(cursor)
            return
        self._control.setTextCursor(cursor)
        buffer = self.input_buffer
        pos = self._get_input_buffer_cursor_pos()
        before, after = buffer[:pos], buffer[pos:]
        line_start = before.rfind("\n") + 1
        if not before[line_start:].strip():
            # The cursor sits in the auto-indent: the pasted lines keep their own
            # indentation relative to it instead of getting it added on top.
            text = textwrap.indent(textwrap.dedent(text), before[line_start:])
            before = before[:line_start]
        else:
            text = textwrap.dedent(text).lstrip()
        statements = split_statements(before + text + after)
        rest = statements.pop() if statements and not is_finished(statements[-1]) else ""
        for statement in statements:
            self.input_buffer = statement
            self.do_execute(statement, True, "")
        self.input_buffer = rest

    # ----- qtconsole hooks --------------------------------------------------

    def _is_complete(self, source: str, interactive: bool) -> tuple[bool, str]:
        return is_complete(source)

    def _register_is_complete_callback(self, source: str,
                                       callback: Callable[[bool, str], None]) -> None:
        # There is no kernel to ask: decide here, at once.
        callback(*self._is_complete(source, True))

    def do_execute(self, source: str, complete: bool, indent: str) -> None:
        if complete:
            source = clean_statement(source)
        super().do_execute(source, complete, indent)

    def _execute(self, source: str, hidden: bool) -> None:
        # The next prompt comes at once so the student can type ahead; the
        # signal goes after it so replies land above the new prompt.
        self._show_prompt()
        if source.strip():
            self.line_entered.emit(source)

    def _show_prompt(self, prompt: str | None = None, html: bool = False, newline: bool = True,
                     separator: bool = True) -> None:
        # Written here instead of by qtconsole, whose version pumps the event loop (for kernel
        # replies): a key typed ahead would be handled then, by a read-only editor, and lost.
        if prompt is not None:
            self._prompt, self._prompt_html = prompt, None
        document = self._control.document()
        cursor = self._get_end_cursor()
        at = cursor.position()
        if newline and at > 0 and document.characterAt(at - 1) != "\u2029":
            cursor.insertBlock()
        line_start = cursor.position()
        # A plain format, so nothing coloured above bleeds into what the student types.
        cursor.insertText(self._prompt, QTextCharFormat())
        self._append_before_prompt_cursor.setPosition(line_start)
        self._prompt_cursor.setPosition(cursor.position() - 1)
        self._insert_text_cursor.setPosition(cursor.position())
        self._prompt_started()

    def _prompt_started_hook(self) -> None:
        self._paint_prompt()

    def _tab_pressed(self) -> bool:
        cursor = self._control.textCursor()
        if "\u2029" in cursor.selectedText():
            return True   # several lines selected: let qtconsole indent them
        column = self._get_input_buffer_cursor_column()
        if column >= 0:
            cursor.insertText(" " * (INDENT - column % INDENT))
            self._control.setTextCursor(cursor)
        return False

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        # Ctrl+C belongs to the pane even if the window has a Copy shortcut.
        if (obj is self._control and event.type() == QEvent.Type.ShortcutOverride
                and isinstance(event, QKeyEvent) and self._is_ctrl_c(event)):
            event.accept()
            return True
        return super().eventFilter(obj, event)

    def _event_filter_console_keypress(self, event: QKeyEvent) -> bool:
        key = event.key()
        cursor = self._control.textCursor()
        if self._is_ctrl_c(event):
            if cursor.hasSelection():
                self.copy()
                # Like a terminal: the next Ctrl+C interrupts.
                cursor.clearSelection()
                self._control.setTextCursor(cursor)
            else:
                self.interrupt_requested.emit()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not self._in_buffer(cursor.position()):
            self._control.moveCursor(QTextCursor.MoveOperation.End)   # Enter always sends the input
        elif (key == Qt.Key.Key_Backspace and event.modifiers() == Qt.KeyboardModifier.NoModifier
              and self._dedent_at_cursor()):
            return True
        return super()._event_filter_console_keypress(event)

    # ----- helpers ----------------------------------------------------------

    def _is_ctrl_c(self, event: QKeyEvent) -> bool:
        others = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.AltModifier
        return (event.key() == Qt.Key.Key_C and self._control_key_down(event.modifiers())
                and not event.modifiers() & others)

    def _dedent_at_cursor(self) -> bool:
        """Backspace in the indentation goes back one level; True if it did."""
        cursor = self._control.textCursor()
        column = self._get_input_buffer_cursor_column()
        line = self._get_input_buffer_cursor_line()
        if cursor.hasSelection() or column <= 0 or line is None or line[:column].strip():
            return False
        cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor,
                            (column - 1) % INDENT + 1)
        cursor.removeSelectedText()
        self._control.setTextCursor(cursor)
        return True

    def _drop_clashing_shortcuts(self) -> None:
        # These would shadow the main window's Save, Print and zoom while the pane has focus.
        for action in (self.export_action, self.print_action, self.increase_font_size,
                       self.decrease_font_size, self.reset_font_size):
            action.setShortcut(QKeySequence())

    def _paint_prompt(self) -> None:
        """Colour the main prompt: green when the robot listens, grey while it is busy."""
        selection = QTextEdit.ExtraSelection()
        cursor = self._get_prompt_cursor()
        cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor,
                            len(self._prompt))
        look = QTextCharFormat()
        look.setForeground(self._prompt_colours[0 if self._ready else 1])
        look.setFontWeight(QFont.Weight.Bold)
        selection.cursor = cursor
        selection.format = look
        self._control.setExtraSelections([selection])

    def _add_output(self, text: str, fmt: QTextCharFormat) -> None:
        """Insert whole lines above the prompt line, or continue the open output line."""
        text = _CONTROL.sub("", text.replace("\r", ""))
        if not text:
            return
        body = text[:-1] if text.endswith("\n") else text
        follow = self._viewport_at_end()
        cursor = QTextCursor(self._control.document())
        if self._open_line:
            cursor.setPosition(self._open_cursor.position())
            cursor.insertText(body, fmt)
        else:
            cursor.setPosition(self._append_before_prompt_pos)
            cursor.insertText(body, fmt)
            end = cursor.position()
            # Always end with a newline so the prompt line never shares output.
            cursor.insertText("\n", QTextCharFormat())
            cursor.setPosition(end)
        self._open_cursor.setPosition(cursor.position())
        self._open_line = not text.endswith("\n")
        self._trim()
        # Device output is not the student's edit: Ctrl+Z must not remove it.
        self._control.document().clearUndoRedoStacks()
        if follow:
            self._scroll_to_end()

    def _trim(self) -> None:
        """Keep about buffer_size lines: a robot printing in a loop must not fill the memory."""
        document = self._control.document()
        extra = document.blockCount() - self.buffer_size
        if self.buffer_size <= 0 or extra < 100:   # trim in chunks, not on every line
            return
        cut = min(document.findBlockByNumber(extra).position(), self._append_before_prompt_pos)
        if self._open_cursor.position() < cut:
            self._open_line = False
        cursor = QTextCursor(document)
        cursor.setPosition(cut, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
