# SPDX-License-Identifier: GPL-3.0-or-later
"""What the window says when a Put does not leave the robot with the new program, for each
thing the firmware and the device layer can now answer (issue 18): the board refuses the
upload (too big, a byte that is not text, a file the simulator cannot save, a heap too full to
hold it), or the line makes the upload fail (the old program kept, not sent, unsure, stored
but not restarted). Each message is produced for real, by the firmware on the simulator or
the Uno in avrsim, or by the fault-injection relay (tests/ide/relay.py); the test reads the
status bar and the REPL, and the storage image says what the board really holds."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from snekide import connect_choices as cc
from snekide.device import board as board_module
from snekide.device import refusals
from snekide.device.protocol import ETX
from snekide.main_window import MainWindow

from .relay import FaultRelay
from .test_connect import uno_image  # noqa: F401 (fixture)
from .test_safe_start import image, store_on_simulator, stored_program, uno_with, uno_window  # noqa: F401
from .test_window import (WAIT, click, data_dir, firmware, make_window,  # noqa: F401
                          repl_text, type_in_repl, wait_connected)

OLD = b'print("old")\n'
NEW = 'print("new ~ Z")\n'
SENDING = "Sending the program to the robot…"
#: The slowest outcome (unsure: nine uploads, each read back eight times) takes a few seconds.
PUT_WAIT = 60_000


def put(qtbot: Any, window: MainWindow, program: str) -> str:
    """Put program from the editor; wait for the outcome and return the status bar's line."""
    window.editor().set_text(program, modified=True)
    window.show_message("")
    click(qtbot, window, "Put")
    qtbot.waitUntil(lambda: window.message.text() not in ("", SENDING)
                    and not window.progress.isVisible(), timeout=PUT_WAIT)
    return window.message.text()


def assert_told(window: MainWindow, shown: str, expected: str) -> None:
    """The outcome is the status bar's line, and whole in the REPL (the line is cut to fit)."""
    assert shown == expected
    assert expected in repl_text(window).replace("\n", " "), repl_text(window)


# -- the relay, with the host firmware on its far side -------------------------------------

@pytest.fixture
def relayed(firmware: Path, tmp_path: Path) -> Iterator[Callable[..., tuple[FaultRelay, Path]]]:
    """The host firmware behind the relay, its storage holding OLD; (relay, storage)."""
    relays: list[FaultRelay] = []
    folders: list[str] = []

    def start(read_only: bool = False) -> tuple[FaultRelay, Path]:
        folder = tempfile.mkdtemp(prefix="snek-refusal-")
        folders.append(folder)
        os.chmod(folder, 0o755)
        eeprom = Path(folder) / "eeprom.bin"
        eeprom.write_bytes(image(OLD))
        command = [str(firmware), "--eeprom", str(eeprom)]
        if read_only:
            eeprom.chmod(0o444)
            if os.geteuid() == 0:   # root writes any file: run the board as nobody
                command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                           *command]
        relay = FaultRelay(command)
        relays.append(relay)
        return relay, eeprom

    yield start
    for relay in relays:
        relay.close()
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


def relay_window(qtbot: Any, relay: FaultRelay) -> MainWindow:
    """The window on the relay's port, as a Snekboard named on the command line."""
    window = make_window(qtbot, list_ports=lambda: [])
    window.connect_default(cc.port_choice(relay.port, "snekboard"))
    wait_connected(qtbot, window)
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    return window


def every(byte: int, then: bytes) -> Callable[[bytes, int], bytes | None]:
    return lambda _passed, code: then if code == byte else None


def test_a_byte_that_is_not_text_is_refused_and_said_plainly(qtbot, data_dir, relayed):
    """The line turns a `~` into 0xFF on its way, and the echo back into `~` again, so the
    IDE's echo check passes and the board's own refusal is what the student sees."""
    relay, eeprom = relayed()
    window = relay_window(qtbot, relay)
    relay.script(to_board=every(ord("~"), b"\xff"), to_ide=every(0xFF, b"~"))
    shown = put(qtbot, window, NEW)
    assert shown.startswith("Your program got damaged on its way to the robot")
    assert_told(window, shown, refusals.explain("not text: byte \\xff at 11", OLD, OLD))
    assert refusals.KEPT_OLD in shown
    assert stored_program(eeprom) == OLD
    assert relay.counts["to board"]["scripted"] >= 1


def test_a_simulator_that_cannot_save_its_file_says_so_and_keeps_the_old_program(
        qtbot, data_dir, relayed):
    relay, eeprom = relayed(read_only=True)
    window = relay_window(qtbot, relay)
    shown = put(qtbot, window, NEW)
    assert shown.startswith("The simulator could not save your program in its file")
    assert refusals.KEPT_OLD in shown
    assert_told(window, shown, refusals.explain("cannot save the program", OLD, OLD))
    assert stored_program(eeprom) == OLD


def test_a_byte_always_lost_keeps_the_old_program(qtbot, data_dir, relayed):
    relay, eeprom = relayed()
    window = relay_window(qtbot, relay)
    relay.script(to_board=every(ord("Z"), b""))
    assert_told(window, put(qtbot, window, NEW), board_module.KEPT_OLD)
    assert stored_program(eeprom) == OLD


def test_a_program_that_cannot_be_read_first_is_not_sent(qtbot, data_dir, relayed):
    relay, eeprom = relayed()
    window = relay_window(qtbot, relay)
    relay.script(to_ide=every(ETX, b""))   # no read of the old program ever ends
    assert_told(window, put(qtbot, window, NEW), board_module.NOT_SENT)
    assert stored_program(eeprom) == OLD


def test_a_program_that_cannot_be_read_back_leaves_the_ide_unsure(qtbot, data_dir, relayed):
    """The old program is read (three reads agree), then no read ends: the board holds one of
    the two programs, but the IDE cannot tell which, and says so."""
    relay, eeprom = relayed()
    window = relay_window(qtbot, relay)
    relay.script(to_ide=lambda passed, code: b"" if code == ETX and passed.count(ETX) >= 3
                 else None)
    assert_told(window, put(qtbot, window, NEW), board_module.UNSURE)
    assert stored_program(eeprom) in (OLD, NEW.encode())


def test_a_board_whose_restart_is_not_seen_has_the_program_and_says_press_reset(
        qtbot, data_dir, relayed):
    relay, eeprom = relayed()
    window = relay_window(qtbot, relay)
    relay.script(to_ide=every(ord("W"), b""))   # no banner is ever seen
    assert_told(window, put(qtbot, window, NEW), board_module.STORED_NO_RESTART)
    assert stored_program(eeprom) == NEW.encode()


# -- the simulator and the Uno, as they are ------------------------------------------------

def test_too_big_on_the_simulator_keeps_the_old_program(qtbot, data_dir, firmware):
    eeprom = store_on_simulator(OLD)
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    big = "x = 'a'\n" * 300
    shown = put(qtbot, window, big)
    assert_told(window, shown, refusals.explain(
        f"program too big: {len(big)} bytes, room for 1023", OLD, OLD))
    assert stored_program(eeprom) == OLD


def test_a_heap_too_full_for_the_upload_keeps_the_old_program(qtbot, data_dir, firmware):
    """Issue 18, item 10: the upload's last lines ran as REPL input. Now the board reads the
    rest and drops it; the student is told to press Reset."""
    eeprom = store_on_simulator(OLD)
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    type_in_repl(qtbot, window, "a = []", "while True:", "a += ['x' * 50]", "")
    qtbot.waitUntil(lambda: "out of memory" in repl_text(window).lower()
                    or "memory" in repl_text(window), timeout=WAIT)
    program = "".join(f'print("line {i:02}")\n' for i in range(60))
    shown = put(qtbot, window, program)
    assert shown.startswith("The robot's memory is too full to take your program")
    assert_told(window, shown, refusals.explain("out of memory", OLD, OLD))
    assert "line 59" not in repl_text(window)   # none of it ran
    assert stored_program(eeprom) == OLD


def test_too_big_on_the_uno_puts_the_old_program_back(qtbot, data_dir, uno_with):
    """The Uno stores as it reads, so a refused upload leaves it empty; the IDE puts the old
    program back, and says the robot kept it."""
    link, eeprom = uno_with(OLD)
    window = uno_window(qtbot, link)
    qtbot.waitUntil(lambda: window.repl.ready, timeout=WAIT)
    big = "".join(f"x{i} = {i}\n" for i in range(150))
    shown = put(qtbot, window, big)
    found = re.match(r"Your program is too big for this robot: (\d+) bytes, it has room for "
                     r"(\d+)\.", shown)
    assert found and int(found.group(1)) == len(big), shown
    assert_told(window, shown, refusals.explain(
        f"program too big: {len(big)} bytes, room for {found.group(2)}", OLD, OLD))
    window.close()
    qtbot.wait(200)
    assert stored_program(eeprom) == OLD
