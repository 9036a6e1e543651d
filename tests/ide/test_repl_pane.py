# SPDX-License-Identifier: GPL-3.0-or-later
"""The REPL pane on its own, driven through the keyboard, the clipboard and what the board says."""

from __future__ import annotations

import pytest
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import QApplication, QMainWindow

from snekide.error_report import ErrorReport
from snekide.repl_pane import (BUSY_COLOUR, ERROR_COLOUR, HELP_COLOUR, READY_COLOUR, SCROLLBACK,
                               ReplPane)

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
    widget.resize(500, 300)
    widget.show()
    widget.set_ready(True)
    return widget


@pytest.fixture
def entered(pane: ReplPane) -> list[tuple[str, bool]]:
    lines: list[tuple[str, bool]] = []
    pane.line_entered.connect(lambda text, answer: lines.append((text, answer)))
    return lines


def screen(pane: ReplPane) -> str:
    return pane.toPlainText()


def type_line(qtbot, pane: ReplPane, text: str) -> None:
    qtbot.keyClicks(pane, text)
    qtbot.keyClick(pane, Qt.Key.Key_Return)


def board_takes(pane: ReplPane, main: bool, then_main: bool | None = None) -> None:
    """The board takes the oldest waiting line at a `> ` (main) or `+ ` prompt, then asks
    again (then_main) unless None (it runs the line)."""
    pane.line_sent(pane.waiting_lines()[0], main)
    if then_main is not None:
        pane.set_ready(then_main)


def colour_at(pane: ReplPane, block: int, column: int = 0):
    document = pane.document()
    cursor = pane.textCursor()
    cursor.setPosition(document.findBlockByNumber(block).position() + column + 1)
    return cursor.charFormat().foreground().color()


# ----- the prompt is the board's ----------------------------------------------

def test_the_prompt_greys_until_the_board_asks(qtbot):
    pane = ReplPane()
    qtbot.addWidget(pane)
    assert screen(pane) == "> "
    assert colour_at(pane, 0) == BUSY_COLOUR and not pane.ready
    pane.set_ready(True)
    assert colour_at(pane, 0) == READY_COLOUR and pane.ready


def test_a_line_waits_then_shows_with_the_prompt_it_went_at(qtbot, pane, entered):
    type_line(qtbot, pane, "print(6*7)")
    assert entered == [("print(6*7)", False)]
    assert screen(pane) == "… print(6*7)\n> "   # waiting for the board
    assert not pane.ready
    board_takes(pane, main=True)
    assert screen(pane) == "> print(6*7)\n> "
    assert colour_at(pane, 1) == BUSY_COLOUR   # running
    pane.show_output("42\n")
    pane.set_ready(True)
    assert screen(pane) == "> print(6*7)\n42\n> "
    assert colour_at(pane, 2) == READY_COLOUR


def test_the_continuation_prompt_comes_from_the_board_with_an_indent(qtbot, pane, entered):
    type_line(qtbot, pane, "def double(x):")
    board_takes(pane, main=True, then_main=False)
    assert screen(pane).endswith("> def double(x):\n+     ")
    type_line(qtbot, pane, "return x * 2")
    assert entered[-1] == ("    return x * 2", False)
    board_takes(pane, main=False, then_main=False)
    assert screen(pane).endswith("+     return x * 2\n+ ")   # out a level after return
    qtbot.keyClick(pane, Qt.Key.Key_Return)
    assert entered[-1] == ("", False)   # a blank line ends the block
    board_takes(pane, main=False, then_main=True)
    assert screen(pane) == "> def double(x):\n+     return x * 2\n+ \n> "


def test_no_keyword_guessing_a_line_without_colon_is_just_sent(qtbot, pane, entered):
    type_line(qtbot, pane, "for i in range(3)")
    board_takes(pane, main=True)
    pane.show_error(ErrorReport("Syntax error at end of line.", "", "Add a colon."))
    pane.set_ready(True)
    assert entered == [("for i in range(3)", False)]
    assert screen(pane).endswith("Error: Syntax error at end of line.\nAdd a colon.\n> ")


def test_an_open_bracket_says_how_to_get_out(qtbot, pane, entered):
    cancels: list[bool] = []
    pane.cancel_requested.connect(lambda: cancels.append(True))
    type_line(qtbot, pane, 'print("hi"')
    board_takes(pane, main=True, then_main=False)
    assert "A ( is still open" in screen(pane) and "press Escape" in screen(pane)
    qtbot.keyClick(pane, Qt.Key.Key_Return)
    board_takes(pane, main=False, then_main=False)
    assert screen(pane).count("A ( is still open") == 1   # said once per statement
    qtbot.keyClick(pane, Qt.Key.Key_Escape)
    assert cancels == [True]


def test_escape_while_the_robot_runs_stops_it(qtbot, pane):
    type_line(qtbot, pane, "while True: pass")
    board_takes(pane, main=True)
    with qtbot.waitSignal(pane.interrupt_requested):
        qtbot.keyClick(pane, Qt.Key.Key_Escape)


# ----- typing ahead ---------------------------------------------------------------

def test_lines_typed_while_busy_wait_in_view_and_go_in_order(qtbot, pane, entered):
    type_line(qtbot, pane, "sleep(5)")
    board_takes(pane, main=True)
    type_line(qtbot, pane, "beep()")
    type_line(qtbot, pane, "print(1)")
    pane.show_output("tick\n")
    assert screen(pane) == "> sleep(5)\ntick\n… beep()\n… print(1)\n> "
    pane.set_ready(True)
    board_takes(pane, main=True)
    assert screen(pane) == "> sleep(5)\ntick\n> beep()\n… print(1)\n> "
    assert [text for text, _ in entered] == ["sleep(5)", "beep()", "print(1)"]


def test_lines_that_will_not_be_sent_stay_in_view_and_history(qtbot, pane):
    type_line(qtbot, pane, "sleep(5)")
    board_takes(pane, main=True)
    type_line(qtbot, pane, "forward()")
    pane.lines_dropped(["forward()"])
    assert screen(pane) == "> sleep(5)\n(not sent) forward()\n> "
    qtbot.keyClick(pane, Qt.Key.Key_Up)
    assert pane.input_text() == "forward()"


def test_an_answer_to_input_goes_at_once_after_its_question(qtbot, pane, entered):
    type_line(qtbot, pane, "name = input('Name? ')")
    board_takes(pane, main=True)
    pane.show_output("Name? ")
    type_line(qtbot, pane, "Ada")
    assert entered[-1] == ("Ada", True)
    assert screen(pane) == "> name = input('Name? ')\nName? Ada\n> "


def test_output_while_typing_does_not_mix(qtbot, pane, entered):
    qtbot.keyClicks(pane, "forw")
    pane.show_output("tick\n")
    pane.show_output("4")           # half a line now, the rest later
    qtbot.keyClicks(pane, "ard(")
    pane.show_output("2\ntock")
    qtbot.keyClicks(pane, "1)")
    assert screen(pane) == "tick\n42\ntock\n> forward(1)"
    pane.show_output("!\r\n")
    assert screen(pane) == "tick\n42\ntock!\n> forward(1)"


# ----- keys ---------------------------------------------------------------------

def test_backspace_dedents_and_tab_indents(qtbot, pane):
    type_line(qtbot, pane, "if x:")
    board_takes(pane, main=True, then_main=False)
    type_line(qtbot, pane, "if y:")
    board_takes(pane, main=False, then_main=False)
    assert screen(pane).endswith("+         ")
    qtbot.keyClick(pane, Qt.Key.Key_Backspace)
    assert screen(pane).endswith("+     ")
    qtbot.keyClick(pane, Qt.Key.Key_Tab)
    qtbot.keyClicks(pane, "a")
    assert screen(pane).endswith("+         a")


def test_backspace_never_eats_the_prompt(qtbot, pane):
    qtbot.keyClick(pane, Qt.Key.Key_Backspace)
    qtbot.keyClicks(pane, "x")
    assert screen(pane) == "> x"


def test_typing_with_the_cursor_in_the_past_goes_to_the_input(qtbot, pane):
    pane.show_output("old output\n")
    cursor = pane.textCursor()
    cursor.setPosition(2)
    pane.setTextCursor(cursor)
    qtbot.keyClicks(pane, "x")
    qtbot.keyClick(pane, Qt.Key.Key_Delete)
    assert screen(pane) == "old output\n> x"


def test_empty_line_at_the_main_prompt_sends_nothing(qtbot, pane, entered):
    qtbot.keyClick(pane, Qt.Key.Key_Return)
    assert entered == []
    assert screen(pane) == "> \n> "


def test_up_recalls_previous_entry(qtbot, pane, entered):
    for line in ("forward(1)", "left(90)"):
        type_line(qtbot, pane, line)
        board_takes(pane, main=True, then_main=True)
    qtbot.keyClicks(pane, "dra")
    qtbot.keyClick(pane, Qt.Key.Key_Up)
    assert pane.input_text() == "left(90)"
    qtbot.keyClick(pane, Qt.Key.Key_Up)
    assert pane.input_text() == "forward(1)"
    qtbot.keyClick(pane, Qt.Key.Key_Down)
    qtbot.keyClick(pane, Qt.Key.Key_Down)
    assert pane.input_text() == "dra"   # the draft comes back


def test_ctrl_c_interrupts_and_keeps_the_input(qtbot, pane):
    qtbot.keyClicks(pane, "abc")
    with qtbot.waitSignal(pane.interrupt_requested):
        qtbot.keyClick(pane, Qt.Key.Key_C, CTRL)
    assert screen(pane) == "> abc"


def test_ctrl_c_copies_a_selection_as_plain_text(qtbot, pane):
    pane.show_error(ErrorReport("undefined: x", "", "Snek does not know x."))
    cursor = pane.textCursor()
    cursor.setPosition(0)
    cursor.setPosition(19, cursor.MoveMode.KeepAnchor)
    pane.setTextCursor(cursor)
    with qtbot.assertNotEmitted(pane.interrupt_requested):
        qtbot.keyClick(pane, Qt.Key.Key_C, CTRL)
    clipboard = QApplication.clipboard()
    assert clipboard.text() == "Error: undefined: x"
    assert not clipboard.mimeData().hasHtml()
    with qtbot.waitSignal(pane.interrupt_requested):
        qtbot.keyClick(pane, Qt.Key.Key_C, CTRL)   # the selection is gone now


def test_shortcuts_in_a_window(qtbot):
    window = QMainWindow()
    pane = ReplPane()
    window.setCentralWidget(pane)
    qtbot.addWidget(window)
    fired: list[str] = []
    keys = QKeySequence.StandardKey
    for name, key in [("copy", keys.Copy), ("save", keys.Save), ("zoom", keys.ZoomIn),
                      ("stop", QKeySequence("Escape"))]:
        action = QAction(name, window)
        action.setShortcut(key)
        action.triggered.connect(lambda _checked=False, name=name: fired.append(name))
        window.addAction(action)
    with qtbot.waitActive(window):
        window.show()
    pane.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is pane)
    # Ctrl+C and Escape are the pane's even though the window has shortcuts for them ...
    with qtbot.waitSignal(pane.interrupt_requested):
        qtbot.keyClick(pane, Qt.Key.Key_C, CTRL)
    with qtbot.waitSignal(pane.interrupt_requested):
        qtbot.keyClick(pane, Qt.Key.Key_Escape)
    # ... and the pane does not shadow the window's Save and zoom.
    qtbot.keyClick(pane, Qt.Key.Key_S, CTRL)
    qtbot.keyClick(pane, Qt.Key.Key_Plus, CTRL)
    assert fired == ["save", "zoom"]


# ----- the clipboard --------------------------------------------------------------

PROGRAM = """\
    def square(n):
        if n > 0:
            return n * n

        # none
        return 0
    x = [1,
         2]
"""


def test_pasted_lines_are_sent_one_per_prompt(qtbot, pane):
    QApplication.clipboard().setText(PROGRAM)
    with qtbot.waitSignal(pane.lines_pasted) as pasted:
        qtbot.keyClick(pane, Qt.Key.Key_V, CTRL)
    assert pasted.args == [["def square(n):", "    if n > 0:", "        return n * n",
                            "    return 0", "x = [1,", "     2]"]]
    assert pane.waiting_lines() == pasted.args[0]


def test_one_line_paste_is_only_inserted(qtbot, pane):
    qtbot.keyClicks(pane, "x = ")
    QApplication.clipboard().setText("len('abc')\n")
    with qtbot.assertNotEmitted(pane.lines_pasted):
        qtbot.keyClick(pane, Qt.Key.Key_V, CTRL)
    assert screen(pane) == "> x = len('abc')"


def test_the_menu_offers_copy_and_clear_not_html(qtbot, pane):
    shown: list[list[str]] = []

    def look(menu_texts: list[str]) -> None:
        shown.append(menu_texts)

    from PyQt6.QtWidgets import QMenu
    original = QMenu.exec

    def fake_exec(menu: QMenu, *args):  # noqa: ANN001, ANN202
        look([action.text() for action in menu.actions() if not action.isSeparator()])
        return None

    QMenu.exec = fake_exec  # type: ignore[method-assign]
    try:
        pane.contextMenuEvent(type("E", (), {"globalPos": lambda self: QPoint(0, 0)})())
    finally:
        QMenu.exec = original  # type: ignore[method-assign]
    assert shown == [["Copy", "Copy all as text", "Paste", "Select all", "Clear"]]


def test_copy_all_and_clear(qtbot, pane):
    pane.show_output("one\ntwo\n")
    qtbot.keyClicks(pane, "half")
    pane.copy_all_action.trigger()
    assert QApplication.clipboard().text() == "one\ntwo\n> half"
    pane.clear_action.trigger()
    assert screen(pane) == "> half"
    pane.show_output("later\n")
    assert screen(pane) == "later\n> half"
    qtbot.keyClick(pane, Qt.Key.Key_L, CTRL)
    assert screen(pane) == "> half"


# ----- what shows -----------------------------------------------------------------

def test_an_error_shows_in_colour_with_its_hint(qtbot, pane):
    type_line(qtbot, pane, "prnt(1)")
    board_takes(pane, main=True)
    pane.show_error(ErrorReport("undefined: prnt", "", "Did you mean print?"))
    pane.set_ready(True)
    assert screen(pane) == "> prnt(1)\nError: undefined: prnt\nDid you mean print?\n> "
    assert colour_at(pane, 1) == ERROR_COLOUR
    assert colour_at(pane, 2) == HELP_COLOUR
    qtbot.keyClicks(pane, "x")
    assert colour_at(pane, 3, 2) not in (HELP_COLOUR, ERROR_COLOUR)


def last_line_visible(pane: ReplPane) -> bool:
    document = pane.document()
    last = document.lastBlock()
    rect = pane.blockBoundingGeometry(last).translated(pane.contentOffset())
    return rect.bottom() <= pane.viewport().height() + 1 and rect.top() >= 0


def test_the_newest_lines_and_the_prompt_always_show(qtbot, pane):
    for i in range(80):
        pane.show_output(f"line {i}\n")
    qtbot.waitUntil(lambda: last_line_visible(pane))
    pane.show_error(ErrorReport("type mismatch: 'abc' + 1", "",
                               "These values cannot go together. " * 6))
    pane.set_ready(True)
    qtbot.waitUntil(lambda: last_line_visible(pane))
    qtbot.wait(20)   # let the view settle, as it has before anyone can scroll
    # The student scrolls back to read: new output does not pull the view away ...
    pane.verticalScrollBar().setValue(0)
    pane.show_output("more\n")
    qtbot.wait(50)
    assert pane.verticalScrollBar().value() == 0
    # ... but an error, a note or a new prompt does.
    pane.show_note("Stopped.")
    qtbot.waitUntil(lambda: last_line_visible(pane))


def test_long_output_is_trimmed(qtbot, pane):
    qtbot.keyClicks(pane, "keep")
    for i in range(3000):
        pane.show_output(f"{i}\n")
    assert pane.document().blockCount() <= SCROLLBACK
    assert screen(pane).endswith("2999\n> keep")


def test_set_font_size(pane):
    pane.set_font_size(22)
    assert pane.font().pointSize() == 22


def test_a_line_printed_in_pieces_stays_whole_when_the_scrollback_is_full(qtbot, pane):
    """Output that ends mid-line goes on where it stopped, also after the
    oldest lines were dropped to keep the scrollback's size."""
    for i in range(SCROLLBACK + 10):
        pane.show_output(f"line {i}\n")
    for i in range(30):
        pane.show_output(f"a{i} ")
        pane.show_output(f"b{i}\n")
    lines = screen(pane).split("\n")
    assert lines[-31:] == [f"a{i} b{i}" for i in range(30)] + ["> "]
    assert pane.document().blockCount() <= SCROLLBACK
