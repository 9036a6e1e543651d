# SPDX-License-Identifier: GPL-3.0-or-later
"""Connect, driven through the window: the menu of boards and ports, the simulator as an Uno,
the remembered choice, ports that fail, and `snekide --port PTY --board uno` on avrsim."""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial
from PyQt6.QtCore import QPoint, Qt, QTimer
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication, QDialog, QMenu

from snekide import connect_choices as cc
from snekide.__main__ import parser
from snekide.app import create_window
from snekide.connect_menu import OTHER_PORT, OtherPortDialog
from snekide.connection import Connection
from snekide.device import linux_access
from snekide.device.usb import SIMULATOR, DeviceChoice
from snekide.main_window import MainWindow

from .test_window import (WAIT, FakeBoard, click, data_dir, firmware, make_window,  # noqa: F401
                          repl_text, simulator_pids, type_in_repl, wait_connected, wait_repl)

ROOT = Path(__file__).resolve().parents[2]
LEFT = Qt.MouseButton.LeftButton

UNO_ROBOT = DeviceChoice("Arduino Uno (/dev/ttyACM0)", "serial", "/dev/ttyACM0", "A1B2", True,
                         False, resets_on_open=True, board="uno")


def open_connect_menu(qtbot: Any, window: MainWindow) -> QMenu:
    """Open the Connect menu from the menu bar, as a student does."""
    bar = window.menuBar()
    assert bar is not None
    menu_action = next(a for a in bar.actions() if a.text() == "&Connect")
    qtbot.mouseClick(bar, LEFT, pos=bar.actionGeometry(menu_action).center())
    menu = window.connector.menu
    qtbot.waitUntil(menu.isVisible, timeout=WAIT)
    return menu


def pick(qtbot: Any, menu: QMenu, text: str) -> None:
    """Click the entry of an open menu that shows text."""
    action = next(a for a in menu.actions() if a.text() == text)
    assert action.isEnabled(), text
    qtbot.mouseClick(menu, LEFT, pos=menu.actionGeometry(action).center())


def when_dialog_opens(kind: type[QDialog], act: Callable[[Any], None]) -> None:
    """Run act(dialog) as soon as a dialog of this kind is shown (it runs modally)."""
    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, kind) and dialog.isVisible():
            act(dialog)
        else:
            QTimer.singleShot(20, look)
    QTimer.singleShot(0, look)


# -- the menu ----------------------------------------------------------------------

def test_menu_lists_simulators_robots_ports_and_other_port(qtbot, data_dir, silent_pty):
    unknown = cc.port_choice("/dev/ttyS7", description="Built-in serial port")
    window = make_window(qtbot, list_devices=lambda: [SIMULATOR, UNO_ROBOT],
                         list_ports=lambda: [unknown],
                         connection=Connection(lambda choice: FakeBoard()))
    window.connect_default(cc.port_choice(silent_pty, "uno"))  # as `--port` does
    wait_connected(qtbot, window)
    menu = open_connect_menu(qtbot, window)
    assert menu.entries() == [
        "Simulator (no robot needed)", "Snekboard simulator", "Arduino Uno simulator",
        "Robots plugged in", "Arduino Uno (/dev/ttyACM0)",
        "Serial ports", "Built-in serial port (/dev/ttyS7)", f"Arduino Uno ({silent_pty})",
        OTHER_PORT]
    checked = [a.text() for a in menu.actions() if a.isChecked()]
    assert checked == [f"Arduino Uno ({silent_pty})"]
    menu.close()


def test_menu_says_when_no_robot_is_plugged_in(qtbot, data_dir):
    window = make_window(qtbot, list_ports=lambda: [])
    menu = open_connect_menu(qtbot, window)
    assert "    No robot plugged in" in menu.entries()
    menu.close()


def test_a_port_list_that_fails_still_offers_the_simulators(qtbot, data_dir):
    def broken() -> list[Any]:
        raise OSError("the USB list is unreadable")

    window = make_window(qtbot, list_ports=broken)
    menu = open_connect_menu(qtbot, window)
    assert menu.entries()[:4] == ["Could not look for robots: the USB list is unreadable",
                                  "Simulator (no robot needed)", "Snekboard simulator",
                                  "Arduino Uno simulator"]
    menu.close()


def test_damaged_settings_start_the_simulator(qtbot, data_dir, firmware):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_bytes(b"\x00{not json")
    window = make_window(qtbot, list_ports=lambda: [])
    window.connect_default()
    qtbot.waitUntil(lambda: window.board_status.text() == "Connected: Snekboard simulator",
                    timeout=WAIT)


def test_the_connect_button_has_the_menu_too(qtbot, data_dir):
    window = make_window(qtbot, list_ports=lambda: [])
    button = window.button("Connect")
    assert button.menu() is window.connector.menu
    seen: list[list[str]] = []

    def read_and_close() -> None:  # the button's menu runs modally
        menu = window.connector.menu
        if not menu.isVisible():
            QTimer.singleShot(20, read_and_close)
            return
        seen.append(menu.entries())
        menu.close()

    QTimer.singleShot(0, read_and_close)
    arrow = QPoint(button.width() - 5, button.height() // 2)  # the arrow at its right edge
    qtbot.mouseClick(button, LEFT, pos=arrow)
    qtbot.waitUntil(lambda: bool(seen), timeout=WAIT)
    assert "Arduino Uno simulator" in seen[0]


# -- the simulator as an Uno, remembered --------------------------------------------

def test_uno_simulator_runs_the_classic_blink_and_is_remembered(qtbot, data_dir, firmware):
    window = make_window(qtbot, list_ports=lambda: [])
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    assert window.board_status.text() == "Connected: Snekboard simulator"
    type_in_repl(qtbot, window, "talkto(LED)")
    wait_repl(qtbot, window, "undefined: LED")  # a Snekboard has no LED

    pick(qtbot, open_connect_menu(qtbot, window), "Arduino Uno simulator")
    qtbot.waitUntil(lambda: window.board_status.text() == "Connected: Arduino Uno simulator",
                    timeout=WAIT)
    [pid] = simulator_pids()
    assert "--board\0uno" in Path(f"/proc/{pid}/cmdline").read_text()
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "talkto(LED)", "on()", "print('lit', read(D13))")
    wait_repl(qtbot, window, "lit 1", start)
    assert "undefined" not in repl_text(window)[start:]
    window.close()

    # The next start connects to the Uno simulator again.
    again = make_window(qtbot, list_ports=lambda: [])
    again.connect_default()
    qtbot.waitUntil(lambda: again.board_status.text() == "Connected: Arduino Uno simulator",
                    timeout=WAIT)
    start = len(repl_text(again))
    type_in_repl(qtbot, again, "talkto(LED); on(); print('again')")
    wait_repl(qtbot, again, "again", start)


def test_connect_with_no_robot_keeps_the_simulator_and_says_so(qtbot, data_dir, firmware):
    window = make_window(qtbot, list_ports=lambda: [])
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    pids = simulator_pids()
    type_in_repl(qtbot, window, "kept = 5")
    click(qtbot, window, "Connect")
    said = ("No robot is plugged in, so you are still on the Snekboard simulator. Plug a robot "
            "in with its USB cable and press Connect, or choose a board in the Connect menu.")
    assert window.message.text() == said
    wait_repl(qtbot, window, said)
    assert simulator_pids() == pids  # not restarted
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "print(kept * 2)")
    wait_repl(qtbot, window, "10", start)


def test_an_unplugged_remembered_robot_starts_its_simulator_and_says_so(qtbot, data_dir,
                                                                          firmware, tmp_path):
    first = make_window(qtbot, list_ports=lambda: [])
    first.connector.preferences.set("connection",
                                    cc.to_settings(cc.port_choice(str(tmp_path / "ttyACM9"),
                                                                  "uno")))
    first.connect_default()
    qtbot.waitUntil(lambda: first.board_status.text() == "Connected: Arduino Uno simulator",
                    timeout=WAIT)
    wait_repl(qtbot, first, "is not plugged in, so the Arduino Uno simulator is on instead.")


# -- ports that fail say why ---------------------------------------------------------

def other_port(qtbot: Any, window: MainWindow, port: str, board: str = "") -> OtherPortDialog:
    """Choose Connect ▸ Other port…, type port and press Connect; return the dialog."""
    seen: list[OtherPortDialog] = []

    def fill(dialog: OtherPortDialog) -> None:
        seen.append(dialog)
        dialog.port.selectAll()
        qtbot.keyClicks(dialog.port, port)
        dialog.board.setCurrentIndex(dialog.board.findData(board))
        ok = dialog.buttons.buttons()[0]
        qtbot.mouseClick(ok, LEFT)
        if dialog.isVisible():
            QTimer.singleShot(0, dialog.reject)

    when_dialog_opens(OtherPortDialog, fill)
    pick(qtbot, open_connect_menu(qtbot, window), OTHER_PORT)
    qtbot.waitUntil(lambda: bool(seen) and not seen[0].isVisible(), timeout=WAIT)
    return seen[0]


def test_other_port_that_does_not_exist_is_explained_in_the_dialog(qtbot, data_dir, tmp_path):
    window = make_window(qtbot, list_ports=lambda: [])
    dialog = other_port(qtbot, window, str(tmp_path / "ttyTYPO"))
    assert dialog.result() == QDialog.DialogCode.Rejected  # it stayed open until closed
    assert dialog.problem.text().startswith(f"There is no port called {tmp_path / 'ttyTYPO'}")
    assert window.board_status.text() == "Not connected"


def test_a_mistyped_port_on_the_command_line_is_explained(qtbot, data_dir, tmp_path):
    typo = tmp_path / "ttyUBS0"
    args = parser().parse_args(["--port", str(typo), "--board", "uno"])
    window = create_window(args.files, port=args.port, board=args.board)
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    wait_repl(qtbot, window, f"There is no port called {typo} on this computer.")
    assert window.board_status.text() == "Not connected"
    menu = open_connect_menu(qtbot, window)  # it is offered, for when it appears
    assert f"Arduino Uno ({typo})" in menu.entries()
    menu.close()


def test_a_file_that_is_no_port_says_it_cannot_be_opened(qtbot, data_dir, tmp_path):
    window = make_window(qtbot, list_ports=lambda: [])
    not_a_port = tmp_path / "notes.txt"
    not_a_port.write_text("hello")
    other_port(qtbot, window, str(not_a_port))
    wait_repl(qtbot, window, f"Could not open the robot's port {not_a_port}.")
    assert window.board_status.text() == "Not connected"
    assert not window.program_status.isVisible()


@pytest.fixture
def silent_pty() -> Iterator[str]:
    """A pseudo-terminal nobody answers on (its other end held open)."""
    master, slave = os.openpty()
    try:
        yield os.ttyname(slave)
    finally:
        os.close(master)
        os.close(slave)


def test_a_port_where_nothing_answers_says_so(qtbot, data_dir, silent_pty):
    window = make_window(qtbot, list_ports=lambda: [])
    other_port(qtbot, window, silent_pty, "uno")
    wait_repl(qtbot, window, "The robot did not say hello")
    assert window.board_status.text() == "Not connected"


def test_a_port_we_may_not_open_gets_the_linux_doctors_advice(qtbot, data_dir, silent_pty,
                                                              monkeypatch):
    def refuse(self: serial.Serial) -> None:
        raise serial.SerialException(errno.EACCES, f"could not open port {self.port}")

    monkeypatch.setattr(serial.Serial, "open", refuse)
    window = make_window(qtbot, list_ports=lambda: [])
    other_port(qtbot, window, silent_pty, "snekboard")
    advice = linux_access.explain_open_error(silent_pty, PermissionError(errno.EACCES, "no"))
    assert advice.startswith("This computer account")
    wait_repl(qtbot, window, advice)


# -- the bar: snekide --port PTY --board uno on avrsim running the shipped Uno image --------

@pytest.fixture(scope="module")
def uno_image() -> dict[str, Path]:
    done = subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "uno", "sim"],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return {"avrsim": ROOT / "firmware" / "build" / "sim" / "avrsim",
            "elf": ROOT / "firmware" / "build" / "uno" / "snek-uno.elf"}


@pytest.fixture
def avrsim_pty(uno_image, tmp_path) -> Iterator[Path]:
    """avrsim running the shipped Uno image, its UART on a pty at a link."""
    link = tmp_path / "ttyUNO"
    sim = subprocess.Popen([str(uno_image["avrsim"]), "--pty", str(link), "--eeprom",
                            str(tmp_path / "uno.eeprom"), str(uno_image["elf"])],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(500):
            if link.exists() or sim.poll() is not None:
                break
            QTest.qWait(10)
        assert link.exists(), sim.stderr.read() if sim.poll() is not None else "no link"
        yield link
    finally:
        sim.kill()
        sim.wait(timeout=10)
        if sim.stderr is not None:
            sim.stderr.close()


def test_snekide_port_pty_board_uno_answers_in_the_repl(qtbot, data_dir, avrsim_pty):
    args = parser().parse_args(["--port", str(avrsim_pty), "--board", "uno"])
    window = create_window(args.files, port=args.port, board=args.board)
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.board_status.text() ==
                    f"Connected: Arduino Uno ({avrsim_pty})", timeout=WAIT)
    type_in_repl(qtbot, window, "print(6*7)")
    wait_repl(qtbot, window, "42")
    type_in_repl(qtbot, window, "talkto(LED); on(); print('LED is', read(LED))")
    wait_repl(qtbot, window, "LED is 1")
    # The port given on the command line is in the menu, chosen.
    menu = open_connect_menu(qtbot, window)
    assert [a.text() for a in menu.actions() if a.isChecked()] == [
        f"Arduino Uno ({avrsim_pty})"]
    menu.close()
    # And the help shows the Uno's built-ins and pins.
    reference = window.help_menu.show_reference()
    assert reference.current_board() == "uno"
    window.close()
