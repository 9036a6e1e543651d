# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests for the program editor, driven by the keys a student presses."""

from __future__ import annotations

import pytest
from PyQt6.QtCore import QPoint, QPointF, Qt
from PyQt6.QtGui import QTextCursor, QWheelEvent
from PyQt6.QtWidgets import QApplication

from snekide.editor import DEFAULT_FONT_SIZE, CodeEditor, next_indent
from snekide.find_bar import FindBar
from snekide.highlighter import SnekHighlighter

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def editor(qtbot) -> CodeEditor:
    widget = CodeEditor()
    qtbot.addWidget(widget)
    widget.resize(500, 300)
    with qtbot.waitExposed(widget):
        widget.show()
    widget.setFocus()
    return widget


def type_keys(qtbot, editor: CodeEditor, text: str) -> None:
    """Type text; a newline presses Return (with auto-indent, as a student would)."""
    for i, line in enumerate(text.split("\n")):
        if i:
            qtbot.keyClick(editor, Qt.Key.Key_Return)
        if line:
            qtbot.keyClicks(editor, line)


def test_auto_indent_after_colon(qtbot, editor):
    type_keys(qtbot, editor, "def f(x):\nif x:\nreturn 1\nreturn 2")
    assert editor.text() == "def f(x):\n    if x:\n        return 1\n    return 2"


def test_colon_inside_comment_or_string_does_not_indent():
    assert next_indent("x = 1  # note:") == 0
    assert next_indent("print('a:')") == 0
    assert next_indent("    while True:  # for ever") == 8
    assert next_indent("        pass") == 4


def test_return_keeps_the_indent(qtbot, editor):
    type_keys(qtbot, editor, "while True:\ntalkto(M1)\non()")
    assert editor.text() == "while True:\n    talkto(M1)\n    on()"


def test_backspace_in_leading_spaces_dedents(qtbot, editor):
    type_keys(qtbot, editor, "if x:\nif y:\n")
    assert editor.text().endswith("\n        ")
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    assert editor.text() == "if x:\n    if y:\n    "
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    assert editor.text() == "if x:\n    if y:\n"
    qtbot.keyClicks(editor, "ab")
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    assert editor.text() == "if x:\n    if y:\na"


def test_backspace_after_odd_spaces_goes_to_the_indent_stop(qtbot, editor):
    qtbot.keyClicks(editor, "      ")  # six spaces
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    assert editor.text() == "    "


def test_tab_types_spaces_to_the_next_stop(qtbot, editor):
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    assert editor.text() == "    "
    qtbot.keyClicks(editor, "ab")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    assert editor.text() == "    ab  "
    assert "\t" not in editor.text()


def test_tab_and_shift_tab_indent_a_selection(qtbot, editor):
    editor.set_text("a = 1\nb = 2\n")
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    assert editor.text() == "    a = 1\n    b = 2\n"
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert editor.text() == "a = 1\nb = 2\n"


def test_undo_and_redo(qtbot, editor):
    qtbot.keyClicks(editor, "abc")
    qtbot.keyClick(editor, Qt.Key.Key_Z, CTRL)
    assert editor.text() == ""
    qtbot.keyClick(editor, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert editor.text() == "abc"


def test_auto_indent_is_one_undo_step(qtbot, editor):
    type_keys(qtbot, editor, "if x:\n")
    qtbot.keyClick(editor, Qt.Key.Key_Z, CTRL)
    assert editor.text() == "if x:"


def test_zoom_with_keys(qtbot, editor):
    with qtbot.waitSignal(editor.font_size_changed, timeout=1000) as blocker:
        qtbot.keyClick(editor, Qt.Key.Key_Plus, CTRL)
    assert blocker.args == [DEFAULT_FONT_SIZE + 2]
    assert editor.font().pointSize() == DEFAULT_FONT_SIZE + 2
    qtbot.keyClick(editor, Qt.Key.Key_Minus, CTRL)
    qtbot.keyClick(editor, Qt.Key.Key_Minus, CTRL)
    assert editor.font().pointSize() == DEFAULT_FONT_SIZE - 2
    qtbot.keyClick(editor, Qt.Key.Key_0, CTRL)
    assert editor.font().pointSize() == DEFAULT_FONT_SIZE


def test_zoom_with_ctrl_wheel(qtbot, editor):
    def wheel(delta: int) -> None:
        pos = QPointF(50, 50)
        event = QWheelEvent(pos, QPointF(editor.mapToGlobal(QPoint(50, 50))), QPoint(0, 0),
                            QPoint(0, delta), Qt.MouseButton.NoButton, CTRL,
                            Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(editor.viewport(), event)

    wheel(120)
    assert editor.font_size() == DEFAULT_FONT_SIZE + 2
    wheel(-120)
    wheel(-120)
    assert editor.font_size() == DEFAULT_FONT_SIZE - 2


def test_show_line_moves_the_cursor_and_scrolls(qtbot, editor):
    editor.set_text("".join(f"x{n} = {n}\n" for n in range(1, 201)))
    editor.show_line(150)
    cursor = editor.textCursor()
    assert cursor.blockNumber() == 149
    assert cursor.block().text() == "x150 = 150"
    assert editor.viewport().rect().contains(editor.cursorRect())
    assert editor.error_line() == 150
    qtbot.keyClicks(editor, "y")  # the mark goes away once the student edits
    assert editor.error_line() is None


def test_show_line_clamps_to_the_program(qtbot, editor):
    editor.set_text("a\nb\n    c")
    editor.show_line(99)
    assert editor.textCursor().blockNumber() == 2
    assert editor.textCursor().positionInBlock() == 4  # at the code, after the indent


def test_find_and_replace_through_the_bar(qtbot, editor):
    editor.set_text("talkto(M1)\non()\ntalkto(M2)\non()\n")
    bar = FindBar(lambda: editor)
    qtbot.addWidget(bar)
    bar.open()
    assert bar.isVisible()
    qtbot.keyClicks(bar.find_field, "talkto")
    qtbot.keyClick(bar.find_field, Qt.Key.Key_Return)
    assert editor.textCursor().selectedText() == "talkto"
    assert editor.textCursor().blockNumber() == 0
    qtbot.keyClick(bar.find_field, Qt.Key.Key_Return)
    assert editor.textCursor().blockNumber() == 2
    qtbot.keyClick(bar.find_field, Qt.Key.Key_Return)  # wraps around
    assert editor.textCursor().blockNumber() == 0
    qtbot.keyClicks(bar.replace_field, "talk_to")
    qtbot.mouseClick(bar.replace_button, Qt.MouseButton.LeftButton)
    assert editor.text().startswith("talk_to(M1)\n")
    qtbot.keyClicks(bar.find_field, "x")  # "talktox": nothing
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    assert bar.message.text() == "Not found"


def test_replace_all_is_one_undo_step(qtbot, editor):
    editor.set_text("on()\non()\noff()\n")
    bar = FindBar(lambda: editor)
    qtbot.addWidget(bar)
    bar.open(replace=True)
    qtbot.keyClicks(bar.find_field, "on()")
    qtbot.keyClicks(bar.replace_field, "onfor(1)")
    qtbot.mouseClick(bar.replace_all_button, Qt.MouseButton.LeftButton)
    assert editor.text() == "onfor(1)\nonfor(1)\noff()\n"
    assert bar.message.text() == "Replaced 2"
    editor.undo()
    assert editor.text() == "on()\non()\noff()\n"


def test_line_numbers_gutter_grows_with_the_program(qtbot, editor):
    narrow = editor.line_numbers_width()
    editor.set_text("\n" * 1200)
    assert editor.line_numbers_width() > narrow
    assert editor.viewportMargins().left() == editor.line_numbers_width()


def test_highlighting_colours_keywords_strings_and_snek_names(qtbot, editor):
    editor.set_text("def go():\n    talkto(M1)  # motor\n    print('hi', 42)\n")
    highlighter = editor.highlighter
    assert isinstance(highlighter, SnekHighlighter)

    def colour_at(line: int, column: int) -> str:
        block = editor.document().findBlockByNumber(line)
        for fr in block.layout().formats():
            if fr.start <= column < fr.start + fr.length:
                return fr.format.foreground().color().name()
        return "plain"

    keyword, builtin = colour_at(0, 0), colour_at(1, 4)
    comment, string, number = colour_at(1, 17), colour_at(2, 11), colour_at(2, 16)
    assert len({keyword, builtin, comment, string, number, "plain"}) == 6
    assert colour_at(1, 11) == "plain"  # M1 is an ordinary name


def test_enter_in_the_middle_of_a_line_drops_the_spaces_after(qtbot, editor):
    editor.set_text("if x:  y = 1")
    cursor = editor.textCursor()
    cursor.setPosition(5)
    editor.setTextCursor(cursor)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert editor.text() == "if x:\n    y = 1"
    assert editor.textCursor().position() == len("if x:\n    ")
    editor.moveCursor(QTextCursor.MoveOperation.End)
