# SPDX-License-Identifier: GPL-3.0-or-later
""""Start without the robot's program", driven through the window: a stored program that exits,
resets or hangs at once is noticed, said in plain words, and the button (or the Robot menu)
starts the board without it, so that the student can Get it, fix it and Put it again. On the
simulator (its --safe start) and on the shipped Uno image in avrsim (a reset when the port
opens, as DTR does, and ^C in the boot window)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtTest import QTest

from snekide import boot_watch, settings
from snekide import connect_choices as cc
from snekide.boot_watch import LABEL
from snekide.device.exceptions import SIMULATOR_ENDED
from snekide.main_window import MainWindow

from .test_connect import silent_pty, uno_image  # noqa: F401 (fixtures)
from .test_window import (LEFT, WAIT, click, data_dir, firmware, make_window,  # noqa: F401
                          repl_text, type_in_editor, type_in_repl, wait_connected, wait_repl)

EXITS = b'print("ran")\nexit()\n'
RESETS = b'print("ran")\nreset()\n'
HANGS = b'print("ran")\nwhile True:\n    pass\n'
SILENT = b'while True:\n    pass\n'
FLOODS = b'while True:\n    print("flood")\n'
FIXED = 'print("fixed")\n'


def image(program: bytes, size: int = 1024) -> bytes:
    """A storage image (docs/storage.md): the text, then 0xFF to the end."""
    return program + b"\xff" * (size - len(program))


def store_on_simulator(program: bytes, board: str = "snekboard") -> Path:
    path = settings.simulator_eeprom(board)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(image(program))
    return path


def stored_program(path: Path) -> bytes:
    return path.read_bytes().split(b"\xff", 1)[0]


def wait_note(qtbot: Any, window: MainWindow, kind: str, simulator: bool = True) -> None:
    wait_repl(qtbot, window, boot_watch.trouble(kind, simulator).note)
    qtbot.waitUntil(window.safe_start.button.isVisible, timeout=WAIT)
    assert window.message.text() == boot_watch.trouble(kind, simulator).status


def end_of(window: MainWindow) -> int:
    """Where the REPL's next text will go: the start of its last line (the prompt's, which is
    written again as text comes)."""
    return repl_text(window).rfind("\n") + 1


def start_safely(qtbot: Any, window: MainWindow) -> int:
    """Press the button in the message; wait for the prompt and check that the program did
    not run, then or a little later. Returns where the REPL was."""
    button = window.safe_start.button
    assert button.text() == LABEL and button.isVisible()
    mark = end_of(window)
    qtbot.mouseClick(button, LEFT)
    wait_repl(qtbot, window, boot_watch.STARTED, mark)
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    assert window.board_status.text().startswith("Connected")
    assert window.message.text() == boot_watch.STARTED_STATUS
    assert not button.isVisible()
    QTest.qWait(500)   # time for a restart or two, were the program still running
    shown = repl_text(window)[mark:]
    assert shown.count("Welcome to Snek") == 1 and "ran" not in shown, shown
    assert shown.endswith(boot_watch.STARTED + "\n> "), shown
    return mark


def start_from_the_robot_menu(qtbot: Any, window: MainWindow) -> int:
    """Open the Robot menu with the mouse and click the item; wait for its note and the
    prompt. Returns where the REPL was."""
    bar = window.menuBar()
    robot = next(a for a in bar.actions() if a.text() == "&Robot")
    menu = robot.menu()
    assert window.safe_start.action in menu.actions()
    assert window.safe_start.action.text() == LABEL
    qtbot.mouseClick(bar, LEFT, pos=bar.actionGeometry(robot).center())
    qtbot.waitUntil(menu.isVisible, timeout=WAIT)
    mark = end_of(window)
    qtbot.mouseClick(menu, LEFT, pos=menu.actionGeometry(window.safe_start.action).center())
    wait_repl(qtbot, window, boot_watch.STARTED, mark)
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    return mark


def since_last_start(window: MainWindow) -> str:
    """What the REPL shows from the last banner on."""
    text = repl_text(window)
    return text[text.rfind("Welcome to Snek"):]


def get_fix_and_put(qtbot: Any, window: MainWindow, bad: bytes) -> None:
    """Get brings the bad program into the editor; the student fixes it and Puts it."""
    click(qtbot, window, "Get")
    qtbot.waitUntil(lambda: window.editor().text() == bad.decode(), timeout=WAIT)
    editor = window.editor()
    editor.selectAll()
    type_in_editor(qtbot, editor, FIXED.rstrip("\n"))
    mark = end_of(window)
    click(qtbot, window, "Put")
    qtbot.waitUntil(lambda: window.message.text() == "The robot now has your program.",
                    timeout=WAIT)
    wait_repl(qtbot, window, "fixed", mark)   # it restarted and ran the new program


# -- the simulator ---------------------------------------------------------------------

def test_a_stored_exit_stops_the_simulator_at_every_start_and_the_button_gets_round_it(
        qtbot, data_dir, firmware):
    eeprom = store_on_simulator(EXITS)
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_note(qtbot, window, boot_watch.STOPS_AT_START)
    assert window.board_status.text() == "Not connected"
    # The advice's "But Connect will not help" answers the line just before it.
    note = boot_watch.trouble(boot_watch.STOPS_AT_START, True).note
    assert f"{SIMULATOR_ENDED}\n{note}\n" in repl_text(window)
    # Connect again: the same, and said again.
    mark = end_of(window)
    click(qtbot, window, "Connect")
    wait_repl(qtbot, window, boot_watch.trouble(boot_watch.STOPS_AT_START, True).note, mark)
    mark = start_safely(qtbot, window)
    type_in_repl(qtbot, window, "print(6 * 7)")
    wait_repl(qtbot, window, "42", mark)
    get_fix_and_put(qtbot, window, EXITS)
    assert stored_program(eeprom) == FIXED.encode()
    assert window.board_status.text().startswith("Connected")


def test_a_stored_reset_restarts_the_simulator_for_ever_until_the_button(
        qtbot, data_dir, firmware):
    eeprom = store_on_simulator(RESETS)
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_note(qtbot, window, boot_watch.KEEPS_RESTARTING)
    start_safely(qtbot, window)
    get_fix_and_put(qtbot, window, RESETS)
    assert stored_program(eeprom) == FIXED.encode()


def test_a_silent_endless_program_is_explained_and_started_around_from_the_robot_menu(
        qtbot, data_dir, firmware):
    eeprom = store_on_simulator(SILENT)
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    wait_note(qtbot, window, boot_watch.NO_PROMPT)
    assert not window.repl.ready
    # This time from the Robot menu.
    start_from_the_robot_menu(qtbot, window)
    get_fix_and_put(qtbot, window, SILENT)
    assert stored_program(eeprom) == FIXED.encode()


def test_a_program_that_floods_its_output_is_started_around_from_the_robot_menu(
        qtbot, data_dir, firmware):
    """It prints without end, so the board is never quiet (no advice is needed: the output
    shows it runs); the menu item restarts it without the program, and nothing more is
    printed."""
    eeprom = store_on_simulator(FLOODS)
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_repl(qtbot, window, "flood\nflood\n")
    start_from_the_robot_menu(qtbot, window)
    QTest.qWait(500)   # were it still running, it would print in that time
    shown = since_last_start(window)
    assert "flood" not in shown and shown.endswith(boot_watch.STARTED + "\n> "), shown
    get_fix_and_put(qtbot, window, FLOODS)
    assert stored_program(eeprom) == FIXED.encode()


def test_a_program_that_runs_after_the_prompt_is_left_alone(qtbot, data_dir, firmware):
    """No advice for a good program: it prints, and a prompt comes."""
    store_on_simulator(b'print("hello")\n')
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_repl(qtbot, window, "hello")
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    QTest.qWait(int(boot_watch.QUIET_SECONDS * 1000) + 300)
    assert not window.safe_start.button.isVisible()
    assert LABEL not in repl_text(window)


def test_the_menu_item_with_nothing_chosen_says_to_connect(qtbot, data_dir):
    window = make_window(qtbot, list_devices=lambda: [], list_ports=lambda: [])
    window.safe_start.action.trigger()
    qtbot.waitUntil(lambda: window.message.text() == "No robot is connected. Press Connect.",
                    timeout=WAIT)


def test_a_board_that_never_answers_is_told_it_will_not_stop(qtbot, data_dir, silent_pty):
    """A port where nothing answers, not even Stop: the advice names the button. (The safe
    start cannot help a board that is not there, and says so.)"""
    window = make_window(qtbot, list_ports=lambda: [])
    window.connect_default(cc.port_choice(silent_pty, "snekboard"))
    wait_connected(qtbot, window)
    wait_note(qtbot, window, boot_watch.NO_PROMPT, simulator=False)
    click(qtbot, window, "Stop")
    wait_repl(qtbot, window, boot_watch.trouble(boot_watch.WILL_NOT_STOP, False).note)
    said = repl_text(window).count("The robot did not answer.")
    qtbot.mouseClick(window.safe_start.button, LEFT)
    qtbot.waitUntil(lambda: repl_text(window).count("The robot did not answer.") > said,
                    timeout=WAIT)
    assert window.board_status.text() == "Not connected"


# -- the shipped Uno image in avrsim ------------------------------------------------------

@pytest.fixture
def uno_with(uno_image, tmp_path) -> Iterator[Any]:
    """avrsim running the shipped Uno image in real time, its EEPROM holding a program;
    opening the port resets the chip, as an Uno's DTR does."""
    sims: list[subprocess.Popen[bytes]] = []

    def start(program: bytes) -> tuple[Path, Path]:
        link = tmp_path / "ttyUNO"
        eeprom = tmp_path / "uno.eeprom"
        eeprom.write_bytes(image(program))
        sim = subprocess.Popen([str(uno_image["avrsim"]), "--pty", str(link), "--realtime",
                                "--reset-on-open", "--eeprom", str(eeprom),
                                str(uno_image["elf"])],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        sims.append(sim)
        for _ in range(500):
            if link.exists() or sim.poll() is not None:
                break
            QTest.qWait(10)
        assert link.exists(), sim.stderr.read() if sim.stderr and sim.poll() is not None else ""
        return link, eeprom

    yield start
    for sim in sims:
        sim.kill()
        sim.wait(timeout=10)
        if sim.stderr is not None:
            sim.stderr.close()


def uno_window(qtbot: Any, link: Path) -> MainWindow:
    window = make_window(qtbot, list_ports=lambda: [])
    window.connect_default(cc.port_choice(str(link), "uno"))
    return window


def test_uno_that_restarts_for_ever_is_caught_in_its_boot_window(qtbot, data_dir, uno_with):
    """The safe start reopens the port (a reset) and sends ^C at the banner's W: "ran" never
    shows again. (The Uno has no exit(): a stored exit() is an error, then the prompt.)"""
    program = RESETS
    link, eeprom = uno_with(program)
    window = uno_window(qtbot, link)
    wait_note(qtbot, window, boot_watch.KEEPS_RESTARTING, simulator=False)
    start_safely(qtbot, window)
    get_fix_and_put(qtbot, window, program)
    window.close()
    QTest.qWait(200)
    assert stored_program(eeprom) == FIXED.encode()


def test_uno_with_a_program_that_hangs_is_caught_in_its_boot_window(qtbot, data_dir, uno_with):
    """It prints once, then loops: Stop works (every program looks for ^C), and the safe start
    keeps it from running at all."""
    link, eeprom = uno_with(HANGS)
    window = uno_window(qtbot, link)
    wait_repl(qtbot, window, "ran")
    click(qtbot, window, "Stop")
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    mark = end_of(window)
    window.safe_start.action.trigger()
    wait_repl(qtbot, window, boot_watch.STARTED, mark)
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    QTest.qWait(500)
    shown = repl_text(window)[mark:]
    assert shown.count("Welcome to Snek") == 1 and "ran" not in shown, shown
    get_fix_and_put(qtbot, window, HANGS)
    window.close()
    QTest.qWait(200)
    assert stored_program(eeprom) == FIXED.encode()


def test_uno_with_a_silent_endless_program_is_explained_then_started_without_it(
        qtbot, data_dir, uno_with):
    link, eeprom = uno_with(SILENT)
    window = uno_window(qtbot, link)
    wait_note(qtbot, window, boot_watch.NO_PROMPT, simulator=False)
    start_safely(qtbot, window)
    get_fix_and_put(qtbot, window, SILENT)
    window.close()
    QTest.qWait(200)
    assert stored_program(eeprom) == FIXED.encode()


def test_uno_with_a_program_that_floods_its_output_is_caught_in_its_boot_window(
        qtbot, data_dir, uno_with):
    """At 115200 baud the flood fills the line; the ^C at the banner's W still lands in the
    window, and the new program is Put and runs."""
    link, eeprom = uno_with(FLOODS)
    window = uno_window(qtbot, link)
    wait_repl(qtbot, window, "flood\nflood\n")
    start_from_the_robot_menu(qtbot, window)
    QTest.qWait(500)
    shown = since_last_start(window)
    assert "flood" not in shown and shown.endswith(boot_watch.STARTED + "\n> "), shown
    get_fix_and_put(qtbot, window, FLOODS)
    window.close()
    QTest.qWait(200)
    assert stored_program(eeprom) == FIXED.encode()
