# SPDX-License-Identifier: GPL-3.0-or-later
"""Run, Put and Stop in the window, on the real simulator, as a student presses them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PyQt6.QtCore import Qt

from snekide import settings
from snekide.main_window import MainWindow

from .test_repl_session import wait_shown
from .test_window import (WAIT, Questions, click, data_dir, firmware, make_window,  # noqa: F401
                          repl_text, start_endless_loop, type_in_editor, type_in_repl,
                          wait_connected, wait_repl, window)

EMPTY = b"\xff" * 1024


def stored(data_dir: Path) -> bytes:
    """The simulator's program storage as the board keeps it (text, then 0xFF)."""
    return settings.simulator_eeprom().read_bytes().split(b"\xff", 1)[0]


def put_and_wait(qtbot: Any, window: MainWindow, text: str) -> None:
    window.editor().set_text(text, modified=True)
    click(qtbot, window, "Put")
    try:
        qtbot.waitUntil(lambda: "same as this one" in window.program_status.text(),
                        timeout=WAIT)
    except qtbot.TimeoutError:
        raise AssertionError(f"Put did not finish: {window.message.text()!r}; the REPL shows "
                             f"{repl_text(window)!r}") from None


def press(qtbot: Any, window: MainWindow, key: Qt.Key) -> None:
    editor = window.editor()
    editor.setFocus()
    qtbot.keyClick(editor, key)


# -- Run ---------------------------------------------------------------------------

def test_run_starts_the_program_without_storing_it(qtbot, window, data_dir):
    put_and_wait(qtbot, window, "print('kept program')\n")
    wait_repl(qtbot, window, "kept program")
    editor = window.editor()
    editor.set_text("")
    type_in_editor(qtbot, editor, "def twice(n):\n    return 2 * n\n\n# try it\nfor i in range(3):\n"
                   "    print('twice', twice(i))\nprint('done')")
    press(qtbot, window, Qt.Key.Key_F5)
    wait_repl(qtbot, window, "twice 0\ntwice 2\ntwice 4\ndone\n")
    assert "Running New program" in repl_text(window)
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    assert stored(data_dir) == b"print('kept program')\n"   # not stored
    assert "> def twice" not in repl_text(window)           # the program is not echoed
    type_in_repl(qtbot, window, "print(twice(21))")           # its definitions are there
    wait_repl(qtbot, window, "42")


def test_run_stops_what_runs_first(qtbot, window):
    start_endless_loop(qtbot, window)
    window.editor().set_text("print('fresh start')\n")
    click(qtbot, window, "Run")
    wait_repl(qtbot, window, "fresh start")
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)


def test_run_maps_an_error_to_the_editors_line(qtbot, window):
    editor = window.editor()
    type_in_editor(qtbot, editor, "x = 1\n\n# a comment\nprint('before')\ny = x + 'a'\n"
                   "print('never')")
    click(qtbot, window, "Run")
    qtbot.waitUntil(lambda: editor.error_line() == 5, timeout=WAIT)
    wait_repl(qtbot, window, "before\nError in line 5 of New program: type mismatch: 1 + 'a'\n")
    assert "never" not in repl_text(window).split("Running", 1)[1]   # it stopped there
    assert editor.textCursor().blockNumber() == 4


def test_run_maps_a_syntax_error_and_an_error_in_a_function_called_later(qtbot, window):
    editor = window.editor()
    editor.set_text("def f(n):\n    print('f', n)\n    return n / 'x'\nprint('ok')\n"
                    "while n = 1:\n    pass\n", modified=True)
    click(qtbot, window, "Run")
    qtbot.waitUntil(lambda: editor.error_line() == 5, timeout=WAIT)
    wait_repl(qtbot, window, 'Error in line 5 of New program: Syntax error at "=".\n'
                             "To check whether two values are equal, write ==")
    editor.show_line(1, error=False)
    type_in_repl(qtbot, window, "f(2)")                  # defined by the Run
    qtbot.waitUntil(lambda: editor.error_line() == 3, timeout=WAIT)
    wait_repl(qtbot, window, "f 2\nError in line 3 of New program: type mismatch")


def test_run_with_an_empty_editor_says_so(qtbot, window):
    click(qtbot, window, "Run")
    assert window.message.text() == "There is nothing to run yet: write a program first."


# -- Put -----------------------------------------------------------------------------

def test_put_checks_the_program_compiles_and_stores_nothing_if_not(qtbot, window, data_dir):
    put_and_wait(qtbot, window, "print('old')\n")
    editor = window.editor()
    editor.set_text("x = 3\nif x = 3:\n    print('three')\n", modified=True)
    press(qtbot, window, Qt.Key.Key_F6)
    qtbot.waitUntil(lambda: editor.error_line() == 2, timeout=WAIT)
    assert window.message.text() == ("Not sent: fix line 2 of New program first "
                                     "(the REPL says what is wrong).")
    wait_repl(qtbot, window, "Your program was not sent to the robot: Snek cannot understand "
                             "line 2 of New program.")
    wait_repl(qtbot, window, 'Error in line 2 of New program: Syntax error at "=".\n'
                             "To check whether two values are equal, write == (two equals "
                             "signs): if x == 3:")
    assert stored(data_dir) == b"print('old')\n"
    assert list((data_dir / "history").glob("*.py")) and "same as this one" not in \
        window.program_status.text()


def test_put_names_the_line_of_a_bracket_never_closed(qtbot, window, data_dir):
    window.editor().set_text("speeds = [0.2,\n          0.5,\nprint(speeds)\n", modified=True)
    click(qtbot, window, "Put")
    wait_repl(qtbot, window, "The [ in line 1 is never closed: add a ] where it should end.")
    assert not settings.simulator_eeprom().exists() or stored(data_dir) == b""


def test_put_of_an_empty_program_asks_before_erasing(qtbot, window, data_dir):
    put_and_wait(qtbot, window, "print('keep')\n")
    window.editor().set_text("  \n\n", modified=True)
    window.confirm = Questions(False)  # type: ignore[method-assign]
    click(qtbot, window, "Put")
    assert window.confirm.asked == ["Erase the robot's program?"]
    assert window.message.text() == "Nothing was sent: the robot keeps its program."
    assert stored(data_dir) == b"print('keep')\n"
    window.confirm = Questions(True)  # type: ignore[method-assign]
    click(qtbot, window, "Put")
    qtbot.waitUntil(lambda: window.message.text() == "The robot now has your program.",
                    timeout=WAIT)
    assert stored(data_dir) == b""


def test_an_error_of_a_put_program_shows_its_line_and_the_prompt(qtbot, window):
    editor = window.editor()
    editor.set_text("print('start')\ntalkto(M1)\nsetpower('fast')\n", modified=True)
    click(qtbot, window, "Put")
    qtbot.waitUntil(lambda: editor.error_line() == 3, timeout=WAIT)
    wait_repl(qtbot, window, "start\nError in line 3 of New program: ")
    wait_shown(qtbot, window, "Error in line 3 of New program")   # and the prompt, in view


# -- Stop ------------------------------------------------------------------------------

def test_f7_and_escape_in_the_editor_stop_the_robot(qtbot, window):
    for key in (Qt.Key.Key_F7, Qt.Key.Key_Escape):
        start_endless_loop(qtbot, window)
        window.message.setText("")
        press(qtbot, window, key)
        qtbot.waitUntil(lambda: window.message.text() == "Stopped.", timeout=WAIT)
        qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)


def test_the_menu_shows_the_keys(qtbot, window):
    keys = {name: window.actions_by_name[name].shortcut().toString() for name in
            ("Run", "Put", "Stop")}
    assert keys == {"Run": "F5", "Put": "F6", "Stop": "F7"}


# -- at start ----------------------------------------------------------------------------

def test_an_old_stored_programs_error_does_not_greet_the_student(qtbot, data_dir, firmware):
    settings.simulator_eeprom().parent.mkdir(parents=True, exist_ok=True)
    program = b"print('hello')\nprint(nobody)\n"
    settings.simulator_eeprom().write_bytes(program + EMPTY[len(program):])
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    wait_repl(qtbot, window, "The program kept on the robot stopped at its line 2: "
                             "undefined: nobody. Press Get to see it, or Put a new one.")
    assert "Error" not in repl_text(window)
    assert window.editor().text() == "" and window.editor().error_line() is None


def test_escape_then_run_at_once(qtbot, window):
    """Two interrupts close together (Escape's, then Run's Stop) must not confuse which
    prompt answers what: the Run's error still names its line, and nothing of the IDE's own
    shows."""
    editor = window.editor()
    editor.set_text("print('ran')\nprint(1 + 'a')\n", modified=True)
    type_in_repl(qtbot, window, 'print("hi"')
    qtbot.waitUntil(lambda: window.repl.ready and window.repl.prompt_text() == "+ ",
                    timeout=WAIT)
    qtbot.keyClick(window.repl, Qt.Key.Key_Escape)
    click(qtbot, window, "Run")
    qtbot.waitUntil(lambda: editor.error_line() == 2, timeout=WAIT)
    wait_repl(qtbot, window, "ran\nError in line 2 of New program: type mismatch: 1 + 'a'")
    assert '")"' not in repl_text(window) and "stopall" not in repl_text(window)
