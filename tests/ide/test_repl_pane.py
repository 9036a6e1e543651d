# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests for the REPL pane, driven through the keyboard and the clipboard."""

from __future__ import annotations

import pytest
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import QApplication, QMainWindow, QPlainTextEdit

from snekide.repl_pane import (
    BUSY_COLOUR, HELP_COLOUR, READY_COLOUR, ReplPane, is_block, is_complete, split_statements,
)

pytestmark = [
    pytest.mark.qt_log_level_fail("WARNING"),
    # The offscreen platform says this on every show(); a real display does not.
    pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints"),
]

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def pane(qtbot) -> ReplPane:
    widget = ReplPane()
    qtbot.addWidget(widget)
    widget.show()
    return widget


@pytest.fixture
def editor(pane: ReplPane) -> QPlainTextEdit:
    """The text area the student types into."""
    return pane._control


@pytest.fixture
def entered(pane: ReplPane) -> list[str]:
    lines: list[str] = []
    pane.line_entered.connect(lines.append)
    return lines


def screen(editor: QPlainTextEdit) -> str:
    return editor.toPlainText()


def type_line(qtbot, editor: QPlainTextEdit, text: str) -> None:
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def prompt_colour(editor: QPlainTextEdit):
    (selection,) = editor.extraSelections()
    assert selection.cursor.selectedText() == "> "
    return selection.format.foreground().color()


# ----- the widget -----------------------------------------------------------

def test_starts_with_snek_prompt(editor):
    assert screen(editor) == "> "


def test_simple_statement_is_sent_at_once(qtbot, editor, pane):
    qtbot.keyClicks(editor, "print(6*7)")
    with qtbot.waitSignal(pane.line_entered) as blocker:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert blocker.args == ["print(6*7)"]
    assert screen(editor) == "> print(6*7)\n> "


def test_output_goes_above_the_new_prompt(qtbot, editor, pane):
    with qtbot.waitSignal(pane.line_entered):
        type_line(qtbot, editor, "print(6*7)")
    pane.set_prompt_ready(False)
    pane.show_output("42\n")
    pane.set_prompt_ready(True)
    assert screen(editor) == "> print(6*7)\n42\n> "
    assert prompt_colour(editor) == READY_COLOUR


def test_block_is_sent_whole_after_a_blank_line(qtbot, editor, pane, entered):
    with qtbot.assertNotEmitted(pane.line_entered):
        type_line(qtbot, editor, "def double(x):")
    assert screen(editor).endswith("+     ")   # continuation prompt, auto-indent
    with qtbot.assertNotEmitted(pane.line_entered):
        type_line(qtbot, editor, "return x * 2")
    assert screen(editor).endswith("+ ")       # dedented after return
    with qtbot.waitSignal(pane.line_entered) as blocker:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert blocker.args == ["def double(x):\n    return x * 2"]
    assert entered == ["def double(x):\n    return x * 2"]
    assert screen(editor) == "> def double(x):\n+     return x * 2\n+ \n> "


def test_backspace_dedents_and_tab_indents(qtbot, editor, pane):
    type_line(qtbot, editor, "if x:")
    type_line(qtbot, editor, "if y:")
    assert screen(editor).endswith("+         ")
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    assert screen(editor).endswith("+     ")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    qtbot.keyClicks(editor, "a")
    assert screen(editor).endswith("+         a")


def test_typed_tab_becomes_spaces(qtbot, editor, pane):
    qtbot.keyClicks(editor, "x =")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    qtbot.keyClicks(editor, "1")
    with qtbot.waitSignal(pane.line_entered) as blocker:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert blocker.args == ["x = 1"]


def test_open_bracket_continues(qtbot, editor, pane):
    with qtbot.assertNotEmitted(pane.line_entered):
        type_line(qtbot, editor, "x = [1,")
    with qtbot.waitSignal(pane.line_entered) as blocker:
        type_line(qtbot, editor, "2]")
    assert blocker.args == ["x = [1,\n2]"]


def test_empty_line_sends_nothing(qtbot, editor, pane):
    with qtbot.assertNotEmitted(pane.line_entered):
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert screen(editor) == "> \n> "


def test_up_recalls_previous_entry(qtbot, editor, pane, entered):
    type_line(qtbot, editor, "forward(1)")
    type_line(qtbot, editor, "left(90)")
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    assert screen(editor).endswith("\n> left(90)")
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    assert screen(editor).endswith("\n> forward(1)")
    with qtbot.waitSignal(pane.line_entered) as blocker:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert blocker.args == ["forward(1)"]


def test_block_is_one_history_entry(qtbot, editor, pane):
    type_line(qtbot, editor, "for i in range(3):")
    type_line(qtbot, editor, "print(i)")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    assert screen(editor).endswith("\n> for i in range(3):\n+     print(i)")


PROGRAM = """\
def square(n):
    if n > 0:
        return n * n

    return 0
x = [1,
     2]
for i in x:
\tprint(square(i))
"""


def test_pasted_program_runs_statement_by_statement(qtbot, editor, pane, entered):
    QApplication.clipboard().setText(PROGRAM)
    with qtbot.waitSignal(pane.line_entered):
        qtbot.keyClick(editor, Qt.Key.Key_V, CTRL)
    assert entered == [
        "def square(n):\n    if n > 0:\n        return n * n\n    return 0",
        "x = [1,\n     2]",
        "for i in x:\n    print(square(i))",
    ]
    assert screen(editor).endswith("> for i in x:\n+     print(square(i))\n> ")
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    assert screen(editor).endswith("\n> for i in x:\n+     print(square(i))")


def test_paste_into_auto_indent_keeps_own_indentation(qtbot, editor, pane, entered):
    type_line(qtbot, editor, "while True:")
    QApplication.clipboard().setText("    forward(1)\n    left(90)\n")
    with qtbot.waitSignal(pane.line_entered) as blocker:
        qtbot.keyClick(editor, Qt.Key.Key_V, CTRL)
    assert blocker.args == ["while True:\n    forward(1)\n    left(90)"]


def test_paste_of_unfinished_statement_waits_for_the_student(qtbot, editor, pane, entered):
    QApplication.clipboard().setText("x = 1\nfor i in range(x):\n")
    with qtbot.waitSignal(pane.line_entered):
        qtbot.keyClick(editor, Qt.Key.Key_V, CTRL)
    assert entered == ["x = 1"]
    assert screen(editor).endswith("> x = 1\n> for i in range(x):")


def test_one_line_paste_is_only_inserted(qtbot, editor, pane):
    QApplication.clipboard().setText("print(1)\n")
    with qtbot.assertNotEmitted(pane.line_entered):
        qtbot.keyClick(editor, Qt.Key.Key_V, CTRL)
    assert screen(editor) == "> print(1)"


def test_ctrl_c_interrupts(qtbot, editor, pane):
    qtbot.keyClicks(editor, "abc")
    with qtbot.waitSignal(pane.interrupt_requested):
        qtbot.keyClick(editor, Qt.Key.Key_C, CTRL)
    assert screen(editor) == "> abc"   # what the student typed stays


def test_ctrl_c_copies_a_selection(qtbot, editor, pane):
    pane.show_output("hello robot\n")
    cursor = editor.textCursor()
    cursor.setPosition(0)
    cursor.setPosition(5, cursor.MoveMode.KeepAnchor)
    editor.setTextCursor(cursor)
    with qtbot.assertNotEmitted(pane.interrupt_requested):
        qtbot.keyClick(editor, Qt.Key.Key_C, CTRL)
    assert QApplication.clipboard().text() == "hello"
    with qtbot.waitSignal(pane.interrupt_requested):
        qtbot.keyClick(editor, Qt.Key.Key_C, CTRL)   # the selection is gone now


def test_shortcuts_in_a_window(qtbot):
    window = QMainWindow()
    pane = ReplPane()
    window.setCentralWidget(pane)
    qtbot.addWidget(window)
    fired: list[str] = []
    keys = QKeySequence.StandardKey
    for name, key in [("copy", keys.Copy), ("save", keys.Save), ("zoom", keys.ZoomIn)]:
        action = QAction(name, window)
        action.setShortcut(key)
        action.triggered.connect(lambda _checked=False, name=name: fired.append(name))
        window.addAction(action)
    with qtbot.waitActive(window):
        window.show()
    pane.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is pane._control)
    # Ctrl+C stops the robot even though the window has a Copy shortcut ...
    with qtbot.waitSignal(pane.interrupt_requested):
        qtbot.keyClick(pane._control, Qt.Key.Key_C, CTRL)
    # ... and the pane's own Save-as-HTML and zoom keys don't shadow the window's.
    qtbot.keyClick(pane._control, Qt.Key.Key_S, CTRL)
    qtbot.keyClick(pane._control, Qt.Key.Key_Plus, CTRL)
    assert fired == ["save", "zoom"]


def test_error_help_is_shown_in_colour(qtbot, editor, pane):
    type_line(qtbot, editor, "prnt(1)")
    pane.show_output("<stdin>:1 undefined: prnt\n")
    pane.show_error_help("Did you mean print?")
    assert screen(editor) == "> prnt(1)\n<stdin>:1 undefined: prnt\nDid you mean print?\n> "
    block = editor.document().findBlockByNumber(2)
    assert block.text() == "Did you mean print?"
    assert block.begin().fragment().charFormat().foreground().color() == HELP_COLOUR
    qtbot.keyClicks(editor, "x")
    assert editor.document().lastBlock().begin().fragment().charFormat().foreground().color() \
        != HELP_COLOUR


def test_output_while_typing_does_not_mix(qtbot, editor, pane):
    qtbot.keyClicks(editor, "forw")
    pane.show_output("tick\n")
    pane.show_output("4")           # half a line now, the rest later
    qtbot.keyClicks(editor, "ard(")
    pane.show_output("2\ntock")
    qtbot.keyClicks(editor, "1)")
    assert screen(editor) == "tick\n42\ntock\n> forward(1)"
    with qtbot.waitSignal(pane.line_entered) as blocker:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert blocker.args == ["forward(1)"]
    pane.show_output("!\r\n")
    assert screen(editor) == "tick\n42\ntock!\n> forward(1)\n> "


def test_type_ahead_while_busy(qtbot, editor, pane):
    type_line(qtbot, editor, "sleep(5)")
    pane.set_prompt_ready(False)
    assert prompt_colour(editor) == BUSY_COLOUR
    qtbot.keyClicks(editor, "beep()")
    with qtbot.waitSignal(pane.line_entered) as blocker:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert blocker.args == ["beep()"]
    pane.set_prompt_ready(True)
    assert prompt_colour(editor) == READY_COLOUR


def test_clear_screen_keeps_the_input(qtbot, editor, pane):
    type_line(qtbot, editor, "print(1)")
    pane.show_output("1\n")
    qtbot.keyClicks(editor, "half")
    pane.clear_screen()
    assert screen(editor) == "> half"
    pane.show_output("later\n")
    assert screen(editor) == "later\n> half"


def test_set_font_size(pane):
    pane.set_font_size(22)
    assert pane.font.pointSize() == 22


def test_long_output_is_trimmed(qtbot, editor, pane):
    qtbot.keyClicks(editor, "keep")
    for i in range(3000):
        pane.show_output(f"{i}\n")
    assert editor.document().blockCount() <= pane.buffer_size + 100
    assert screen(editor).endswith("2999\n> keep")


# ----- the statement rules, without Qt --------------------------------------

@pytest.mark.parametrize(("source", "expected"), [
    ("print(1)", (True, "")),
    ("x = 1  # a: comment", (True, "")),
    ("if x:", (False, "    ")),
    ("if x: print(1)", (False, "")),          # the device waits for a blank line too
    ("if x:\n    y()", (False, "    ")),
    ("if x:\n    return", (False, "")),
    ("if x:\n    y()\n    ", (True, "")),
    ("f(1,", (False, "")),
    ("    g(1,", (False, "    ")),
    ("s = 'a:\\", (False, "")),
    ("x = 1 + \\", (False, "")),
    ("s = '#('", (True, "")),
    ("if.x = 1", (True, "")),                  # dotted names are names
    ("", (True, "")),
])
def test_is_complete(source, expected):
    assert is_complete(source) == expected


def test_split_statements():
    program = "# setup\nx = 1\n\nif x:\n    y()\n\n    # note\n    z()\nelse:\n    w()\nprint(x)"
    assert split_statements(program) == [
        "x = 1", "if x:\n    y()\n    # note\n    z()\nelse:\n    w()", "print(x)",
    ]


def test_is_block():
    assert is_block("while True:\n    forward(1)")
    assert is_block("if x: y()")
    assert not is_block("x = {1: 2}")
