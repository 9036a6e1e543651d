# SPDX-License-Identifier: GPL-3.0-or-later
"""Robot → Install Snek on a board…, driven as a teacher does, on a simulated Uno (Optiboot)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QImage

from snekide.device.usb import DeviceChoice
from snekide.flash import images
from snekide.flash.dialog import FlashDialog
from snekide.flash.finder import FoundPort
from tests.ide.test_window import data_dir, make_window, repl_text, type_in_repl, wait_repl  # noqa: F401

from .conftest import ROOT, run_flash

LEFT = Qt.MouseButton.LeftButton
WAIT = 60_000
SCREENSHOT = ROOT / "test-output" / "screenshots" / "flash_dialog.png"


@functools.cache
def uno_image() -> images.Image:
    """The Uno image under test: built by the firmware_build fixture, so read only in tests."""
    return images.load(images.BOARDS["uno"])


def make_dialog(qtbot: Any, ports: list[FoundPort], **kwargs: Any) -> FlashDialog:
    dialog = FlashDialog(ports=lambda: ports, **kwargs)
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    return dialog


def click(qtbot: Any, button) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, LEFT)


def wait_status(qtbot: Any, dialog: FlashDialog, text: str, timeout: int = WAIT) -> None:
    try:
        qtbot.waitUntil(lambda: text in dialog.status.text(), timeout=timeout)
    except qtbot.TimeoutError:
        pytest.fail(f"{text!r} not shown; the dialog says: {dialog.status.text()!r}")


def uno_port(board) -> list[FoundPort]:
    return [FoundPort(str(board.link), f"Arduino Uno ({board.link})", "uno")]


def test_install_shows_versions_progress_and_the_result(qtbot, board_factory):
    board = board_factory("uno")
    dialog = make_dialog(qtbot, uno_port(board))
    assert dialog.board.currentText() == "Arduino Uno"      # found by its USB id
    assert dialog.shipped.text() == f"Snek {uno_image().version}"
    assert dialog.install_button.isEnabled()

    click(qtbot, dialog.check_button)      # a new board: erased, no banner
    qtbot.waitUntil(lambda: "No Snek answered" in dialog.on_board.text(), timeout=WAIT)

    values: list[int] = []
    dialog.progress.valueChanged.connect(values.append)
    with qtbot.waitSignal(dialog.installed, timeout=WAIT) as installed:
        click(qtbot, dialog.install_button)
        qtbot.waitUntil(lambda: dialog.close_button.text() == "Cancel", timeout=WAIT)
        assert not dialog.install_button.isEnabled() and not dialog.board.isEnabled()
    assert installed.args == [str(board.link), "uno"]
    wait_status(qtbot, dialog, f"Snek {uno_image().version} is on the Arduino Uno: {uno_image().size:,} bytes written "
                               "and checked")
    assert dialog.on_board.text() == f"Snek {uno_image().version}"
    # Writing fills the first half of the bar, checking the second, page by page.
    pages = len(images.load(images.BOARDS["uno"]).pages)
    climb = values[:values.index(2 * pages) + 1]
    assert climb == sorted(climb) and len(climb) >= pages
    assert dialog.progress.value() == dialog.progress.maximum()
    qtbot.waitUntil(lambda: dialog.close_button.text() == "Close", timeout=WAIT)

    click(qtbot, dialog.check_button)      # now the banner shows our version
    dialog.on_board.setText("")
    qtbot.waitUntil(lambda: dialog.on_board.text() == f"Snek {uno_image().version}", timeout=WAIT)
    save_screenshot(dialog)


def save_screenshot(dialog: FlashDialog) -> None:
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    SCREENSHOT.unlink(missing_ok=True)
    assert dialog.grab().save(str(SCREENSHOT))
    image = QImage(str(SCREENSHOT))
    assert image.width() >= 500 and image.height() >= 150
    colours = {image.pixel(x, y) for x in range(0, image.width(), 5)
               for y in range(0, image.height(), 5)}
    assert len(colours) > 10, "the picture is nearly a single colour"


def test_cancel_while_writing_then_install_again(qtbot, board_factory):
    board = board_factory("uno")
    dialog = make_dialog(qtbot, uno_port(board))
    click(qtbot, dialog.install_button)
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Writing Snek… 2"), timeout=WAIT)
    assert dialog.close_button.text() == "Cancel"
    click(qtbot, dialog.close_button)
    wait_status(qtbot, dialog, "Stopped. Snek is only partly written")
    assert dialog.isVisible()
    qtbot.waitUntil(dialog.install_button.isEnabled, timeout=WAIT)
    assert dialog.progress.value() == 0 and dialog.close_button.text() == "Close"

    with qtbot.waitSignal(dialog.installed, timeout=WAIT):
        click(qtbot, dialog.install_button)
    wait_status(qtbot, dialog, "is on the Arduino Uno")


def test_escape_while_writing_stops_the_write_not_the_dialog(qtbot, board_factory):
    board = board_factory("uno")
    dialog = make_dialog(qtbot, uno_port(board))
    click(qtbot, dialog.install_button)
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Writing Snek… 1"), timeout=WAIT)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    wait_status(qtbot, dialog, "Stopped.")
    assert dialog.isVisible()


def test_unknown_adapter_asks_which_board(qtbot, tmp_path, firmware_build):
    dialog = make_dialog(qtbot, [FoundPort("/dev/ttyUSB7", "USB serial adapter (FTDI) "
                                           "(/dev/ttyUSB7)", None)])
    assert dialog.board.currentText() == "Which board is it?"
    assert dialog.shipped.text() == "Choose the board first."
    assert not dialog.install_button.isEnabled()
    dialog.board.setCurrentIndex(dialog.board.findText("Arduino Duemilanove"))
    assert dialog.shipped.text() == f"Snek {uno_image().version}"
    assert dialog.install_button.isEnabled() and dialog.port_name() == "/dev/ttyUSB7"


def test_a_missing_image_is_explained(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(images, "PACKAGED", tmp_path / "images")
    monkeypatch.setattr(images, "BUILD_REPORT", tmp_path / "images" / "built.json")
    monkeypatch.setattr(images, "CHECKOUT", tmp_path / "no-checkout")
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "built.json").write_text(json.dumps({
        "snek-snekboard.uf2": {"built": False, "missing": "compiler",
                               "why": "its compiler arm-none-eabi-gcc was not found"}}))
    dialog = make_dialog(qtbot, [FoundPort("/dev/ttyACM3", "Snekboard (/dev/ttyACM3)",
                                           "snekboard")])
    assert dialog.board.currentText() == "Snekboard"
    assert dialog.shipped.text().startswith("This snekide was built without Snek for the "
                                            "Snekboard (its compiler arm-none-eabi-gcc was not "
                                            "found). Whoever installs snekide can add it by "
                                            "installing gcc-arm-none-eabi")
    assert not dialog.install_button.isEnabled()


def test_a_typed_port_that_is_not_there(qtbot, tmp_path):
    dialog = make_dialog(qtbot, [])
    dialog.board.setCurrentIndex(dialog.board.findText("Arduino Uno"))
    qtbot.keyClicks(dialog.port.lineEdit(), str(tmp_path / "ttyACM9"))
    click(qtbot, dialog.install_button)
    wait_status(qtbot, dialog, "is not there any more")
    qtbot.waitUntil(dialog.install_button.isEnabled, timeout=WAIT)  # the job ends just after


def test_menu_installs_and_the_repl_comes_back(qtbot, data_dir, board_factory):  # noqa: F811
    """The IDE talks to the board; Robot → Install Snek takes the port, writes Snek,
    and gives the board back to the REPL, which answers print(6*7)."""
    board = board_factory("uno")
    assert run_flash("--board", "uno", "--port", board.link).returncode == 0
    choice = DeviceChoice("Arduino Uno (sim)", "serial", str(board.link), None,
                          needs_pacing=True, generic_bridge=False, resets_on_open=True)
    window = make_window(qtbot, list_devices=lambda: [choice])
    qtbot.mouseClick(window.button("Connect"), LEFT)
    qtbot.waitUntil(lambda: window.board_status.text().startswith("Connected"), timeout=WAIT)
    wait_repl(qtbot, window, f"Welcome to Snek {uno_image().version}")

    (menu,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Robot"]
    (action,) = [a for a in menu.actions() if a.text() == "Install Snek on a board…"]
    action.trigger()
    dialog = window.findChild(FlashDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.keyClicks(dialog.port.lineEdit(), str(board.link))
    dialog.board.setCurrentIndex(dialog.board.findText("Arduino Uno"))
    with qtbot.waitSignal(dialog.installed, timeout=WAIT):
        click(qtbot, dialog.install_button)
        qtbot.waitUntil(lambda: "Installing Snek" in window.board_status.text(), timeout=WAIT)
    qtbot.waitUntil(lambda: window.board_status.text() == "Connected: Arduino Uno "
                                                          f"({board.link})", timeout=WAIT)
    banner = f"Welcome to Snek {uno_image().version}"
    qtbot.waitUntil(lambda: repl_text(window).count(banner) == 2, timeout=WAIT)
    after = len(repl_text(window))
    type_in_repl(qtbot, window, "print(6*7)")
    wait_repl(qtbot, window, "42", after=after - 2)
    click(qtbot, dialog.close_button)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=WAIT)
