# SPDX-License-Identifier: GPL-3.0-or-later
"""The REPL in the window, on the real simulator, typed at and read as a student does."""

from __future__ import annotations

from typing import Any

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QApplication

from snekide.main_window import MainWindow
from snekide.repl_pane import ReplPane

from .test_window import (WAIT, click, data_dir, firmware, repl_text, start_endless_loop,  # noqa: F401
                          type_in_repl, wait_repl, window)


def visible_lines(pane: ReplPane) -> list[str]:
    """The lines of text the pane shows in its viewport now."""
    shown = []
    block = pane.firstVisibleBlock()
    offset = pane.contentOffset()
    height = pane.viewport().height()
    while block.isValid():
        rect = pane.blockBoundingGeometry(block).translated(offset)
        if rect.top() >= height:
            break
        if rect.bottom() <= height + 1:
            shown.append(block.text())
        block = block.next()
    return shown


def wait_shown(qtbot: Any, window: MainWindow, *texts: str) -> None:
    """Wait until each text shows inside the REPL's viewport and the prompt line is last."""
    def shown() -> bool:
        lines = visible_lines(window.repl)
        return (bool(lines) and lines[-1].startswith(("> ", "+ "))
                and all(any(text in line for line in lines) for text in texts))
    try:
        qtbot.waitUntil(shown, timeout=WAIT)
    except qtbot.TimeoutError:
        raise AssertionError(f"not in view: {texts}; the view shows {visible_lines(window.repl)}")


def fill_the_pane(qtbot: Any, window: MainWindow, lines: int = 40) -> None:
    type_in_repl(qtbot, window, f"for i in range({lines}):", "print('line', i)", "")
    wait_repl(qtbot, window, f"line {lines - 1}")


# -- it always shows the newest output ----------------------------------------

def test_an_error_its_hint_and_the_prompt_are_in_view(qtbot, window):
    fill_the_pane(qtbot, window)
    type_in_repl(qtbot, window, '"abc" + 1')
    wait_shown(qtbot, window, "Error: type mismatch: 'abc' + 1", "str() and int()")
    assert visible_lines(window.repl)[-1] == "> "


def test_after_stop_the_prompt_is_in_view(qtbot, window):
    fill_the_pane(qtbot, window)
    start_endless_loop(qtbot, window)
    click(qtbot, window, "Stop")
    qtbot.waitUntil(lambda: window.message.text() == "Stopped.", timeout=WAIT)
    wait_shown(qtbot, window, "^C")
    assert window.repl.ready


# -- error lines name a line the student can find -----------------------------

def test_errors_name_the_line_within_what_was_typed(qtbot, window):
    fill_the_pane(qtbot, window, 12)   # the board has read many lines by now
    type_in_repl(qtbot, window, "print(nope)")
    wait_repl(qtbot, window, "Error: undefined: nope\n")
    type_in_repl(qtbot, window, "def spin(n):", "print('turn', n)", "return n + 'x'", "")
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "spin(3)")
    wait_repl(qtbot, window, "turn 3\nError in line 3 of what you typed earlier (def spin(n):): "
                             "type mismatch: 3 + 'x'", start)
    type_in_repl(qtbot, window, "for k in range(2):", "print(k)", "print(k + 'a')", "")
    wait_repl(qtbot, window, "Error in line 3 of what you typed: type mismatch: 0 + 'a'")
    assert "<stdin>" not in repl_text(window) and "Line 1" not in repl_text(window)


# -- the board's parser decides; nothing traps ---------------------------------

def test_a_for_without_colon_is_an_error_at_once_and_nothing_is_swallowed(qtbot, window):
    type_in_repl(qtbot, window, "for i in range(3)")
    wait_repl(qtbot, window, "Error: Syntax error at end of line.\n"
                             "A line that starts with for needs a colon : at its end: "
                             "for i in range(3):")
    assert window.repl.prompt_text() == "> "
    type_in_repl(qtbot, window, "print(6 * 7)")
    wait_repl(qtbot, window, "> print(6 * 7)\n42\n")
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "")   # a blank line brings no errors
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    assert "Error" not in repl_text(window)[start:]


def test_a_block_goes_on_until_a_blank_line(qtbot, window):
    type_in_repl(qtbot, window, "for i in range(3):")
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    assert window.repl.prompt_text() == "+ " and window.repl.input_text() == "    "
    type_in_repl(qtbot, window, "print('i is', i)", "")
    wait_repl(qtbot, window, "+ \ni is 0\ni is 1\ni is 2\n")


def test_an_open_bracket_continues_and_says_how_to_get_out(qtbot, window):
    type_in_repl(qtbot, window, 'print("hi"', "")
    wait_repl(qtbot, window, "A ( is still open, so Snek waits for more. "
                             "Type ) to close it, or press Escape to start the line again.")
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    assert window.repl.prompt_text() == "+ "   # blank lines do not end a bracket
    qtbot.keyClick(window.repl, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.repl.ready and window.repl.prompt_text() == "> ",
                    timeout=WAIT)
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "print(5 * 5)")
    wait_repl(qtbot, window, "25", start)
    assert "Error" not in repl_text(window)


def test_an_open_bracket_can_be_closed(qtbot, window):
    type_in_repl(qtbot, window, "x = [1,", "2]", "print(len(x))")
    wait_repl(qtbot, window, "> x = [1,\nA [ is still open")
    wait_repl(qtbot, window, "+ 2]\n> print(len(x))\n2\n")


# -- common slips ------------------------------------------------------------------

def test_common_slips_get_specific_hints(qtbot, window):
    type_in_repl(qtbot, window, "x = 3", "if x = 3:")
    wait_repl(qtbot, window, "write == (two equals signs): if x == 3:")
    type_in_repl(qtbot, window, "prnt(x)")
    wait_repl(qtbot, window, "Snek does not know the name 'prnt'. Did you mean print?")
    type_in_repl(qtbot, window, "talkto(M1)", "setpowr(0.5)")
    wait_repl(qtbot, window, "Did you mean setpower?")


# -- typing ahead ----------------------------------------------------------------

def test_lines_typed_while_a_program_runs_go_when_it_ends(qtbot, window):
    type_in_repl(qtbot, window, "for i in range(3):", "time.sleep(0.3)", "print('tick', i)", "")
    wait_repl(qtbot, window, "tick 0")
    type_in_repl(qtbot, window, "print('typed ahead')", "print(6 * 7)", wait=False)
    assert "… print('typed ahead')" in repl_text(window)
    wait_repl(qtbot, window, "tick 2\n> print('typed ahead')\ntyped ahead\n> print(6 * 7)\n42\n")
    assert "…" not in repl_text(window)


def test_lines_typed_ahead_of_a_stop_are_kept(qtbot, window):
    start_endless_loop(qtbot, window)
    type_in_repl(qtbot, window, "print('later')", wait=False)
    click(qtbot, window, "Stop")
    wait_repl(qtbot, window, "(not sent) print('later')")
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    window.repl.setFocus()
    qtbot.keyClick(window.repl, Qt.Key.Key_Up)
    assert window.repl.input_text() == "print('later')"
    qtbot.keyClick(window.repl, Qt.Key.Key_Return)
    wait_repl(qtbot, window, "> print('later')\nlater\n")


def test_a_program_asking_with_input_gets_its_answer(qtbot, window):
    type_in_repl(qtbot, window, "name = input('Your name? ')")
    wait_repl(qtbot, window, "')\nYour name? ")   # the question, after the line typed
    type_in_repl(qtbot, window, "Ada", wait=False)
    type_in_repl(qtbot, window, "print('Hello', name)")
    wait_repl(qtbot, window, "Your name? Ada\n> print('Hello', name)\nHello Ada\n")


# -- clear and copy -----------------------------------------------------------------

def test_clear_from_the_menu_and_copy_as_text(qtbot, window):
    type_in_repl(qtbot, window, "print('keep me')")
    wait_repl(qtbot, window, "\nkeep me\n")
    window.repl.selectAll()
    qtbot.keyClick(window.repl, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    clipboard = QApplication.clipboard()
    assert "> print('keep me')\nkeep me\n" in clipboard.text()
    assert not clipboard.mimeData().hasHtml()
    robot_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Robot")
    clear = next(a for a in robot_menu.actions() if a.text() == "Clear the REPL")
    clear.trigger()
    assert repl_text(window) == "> "
    type_in_repl(qtbot, window, "print(1 + 1)")
    wait_repl(qtbot, window, "> print(1 + 1)\n2\n> ")
