# SPDX-License-Identifier: GPL-3.0-or-later
"""Opens each of the IDE's dialogs over the main window and saves a picture of it.

    python drive_dialogs.py FOLDER     one PNG per dialog in FOLDER, then exit

Run under a real X server (Xvfb) with QT_QPA_PLATFORM=xcb and SNEKIDE_DATA_DIR set, as
tests/ide/test_dialog_screenshots.py does.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QDialog, QDialogButtonBox, QWidget

from snekide import settings
from snekide.app import create_app
from snekide.connect_menu import OtherPortDialog
from snekide.device.usb import SIMULATOR
from snekide.help_pane import AboutDialog, QuickReference, ShortcutsDialog
from snekide.history_dialog import HistoryDialog
from snekide.main_window import MainWindow
from snekide.put_history import CopyFolder

PROGRAMS = [("square.py", "def square(size):\n    for side in range(4):\n        onfor(size)\n"),
            ("blink.py", "talkto(LED)\nwhile True:\n    onfor(0.5)\n    sleep(0.5)\n"),
            ("square.py", "def square(size):\n    for side in range(4):\n"
                          "        setpower(0.8)\n        onfor(size)\n\nsquare(1)\n")]


def snap(widget: QWidget, png: Path) -> None:
    """Show widget, let it paint, save what the screen shows of it."""
    widget.show()
    widget.raise_()
    QTest.qWaitForWindowExposed(widget)
    QTest.qWait(300)
    screen = widget.screen()
    picture = screen.grabWindow(widget.winId()) if screen is not None else widget.grab()
    if picture.isNull():
        picture = widget.grab()
    if not picture.save(str(png)):
        raise SystemExit(f"drive_dialogs: could not save {png}")
    widget.close()


def main(argv: list[str]) -> int:
    folder = Path(argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    app = create_app(argv[:1])  # noqa: F841 - keep it alive
    history = CopyFolder(settings.history_dir())
    for name, text in PROGRAMS:
        history.keep(text, name)
    window = MainWindow(list_devices=lambda: [SIMULATOR], list_ports=lambda: [])
    window.resize(1280, 760)
    window.show()
    QTest.qWaitForWindowExposed(window)

    reference = QuickReference("uno", window)
    QTest.keyClicks(reference.search, "led")
    other = OtherPortDialog(window, "/dev/ttyUSB7", "uno")
    ok = other.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialogs: dict[str, Callable[[], QDialog]] = {
        "quick_reference": lambda: reference,
        "quick_reference_snekboard": lambda: QuickReference("snekboard", window),
        "shortcuts": lambda: ShortcutsDialog(window.menuBar(), window),
        "about": lambda: AboutDialog(window.windowIcon(), window),
        "other_port": lambda: other,
        "history": lambda: HistoryDialog(window.history, window),
    }
    for name, make in dialogs.items():
        dialog = make()
        if dialog is other and ok is not None:
            dialog.show()
            QTest.qWaitForWindowExposed(dialog)
            ok.click()  # a port that is not there: the dialog says so and stays open
        snap(dialog, folder / f"{name}.png")
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
