# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs the IDE in its own process on a real display and takes pictures of Run, Put and the REPL.

    python drive_run_put.py empty-put PNG   Put an empty tab: picture of the question it asks,
                                            answered No; prints what the status bar says then
    python drive_run_put.py repl PNG        the slips of issue 12 typed at the REPL, a Run with
                                            an error and a refused Put: picture of the window

SNEKIDE_DATA_DIR and QT_QPA_PLATFORM come from the environment, as for the real IDE.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PyQt6.QtCore import Qt, QTimer
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication, QMessageBox, QWidget

from snekide.app import create_app
from snekide.device.usb import SIMULATOR
from snekide.main_window import MainWindow

from drive_ide import type_program, wait_for  # type: ignore[import-not-found]


def save_screen(widget: QWidget, png: Path) -> None:
    screen = widget.screen()
    picture = screen.grabWindow(0) if screen is not None else widget.grab()
    png.parent.mkdir(parents=True, exist_ok=True)
    if picture.isNull() or not picture.save(str(png)):
        raise SystemExit(f"drive_run_put: could not save {png}")


def connected(window: MainWindow) -> None:
    window.show()
    window.connect_default()
    wait_for(lambda: window.board_status.text().startswith("Connected"), "the simulator")
    wait_for(lambda: window.repl.ready, "the prompt")


def empty_put(window: MainWindow, png: Path) -> int:
    connected(window)
    seen: list[str] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QMessageBox) or not dialog.isVisible():
            QTimer.singleShot(50, answer)
            return
        QTest.qWait(300)   # let it paint
        seen.append(dialog.text())
        save_screen(dialog, png)
        QTest.mouseClick(dialog.button(QMessageBox.StandardButton.No), Qt.MouseButton.LeftButton)

    QTimer.singleShot(50, answer)
    QTest.mouseClick(window.button("Put"), Qt.MouseButton.LeftButton)
    print(seen[0].replace("\n", " ") if seen else "no question", flush=True)
    print(window.message.text(), flush=True)
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    window.close()
    return 0


def type_repl(window: MainWindow, line: str) -> None:
    wait_for(lambda: window.repl.ready, "the prompt")
    window.repl.setFocus()
    QTest.keyClicks(window.repl, line)
    QTest.keyClick(window.repl, Qt.Key.Key_Return)


def repl(window: MainWindow, png: Path) -> int:
    connected(window)
    for line in ("for i in range(3)", "if x = 3:", "prnt('hi')", '"abc" + 1', 'print("hi"', ""):
        type_repl(window, line)
    wait_for(lambda: "A ( is still open" in window.repl.toPlainText(), "the bracket hint")
    QTest.keyClick(window.repl, Qt.Key.Key_Escape)
    type_program(window, "speed = 0.5\nprint('speed', speed)\nprint(speed + 'fast')\n"
                         "while speed = 1:\n    pass")
    QTest.mouseClick(window.button("Run"), Qt.MouseButton.LeftButton)
    wait_for(lambda: window.editor().error_line() == 3, "the Run's error")
    QTest.mouseClick(window.button("Put"), Qt.MouseButton.LeftButton)
    wait_for(lambda: window.editor().error_line() == 4, "Put's check")
    QTest.qWait(300)
    save_screen(window, png)
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    window.close()
    return 0


def main(argv: list[str]) -> int:
    mode, png = argv[1], Path(argv[2])
    app = create_app(argv[:1])  # noqa: F841 - keep it alive
    window = MainWindow(list_devices=lambda: [SIMULATOR])
    window.resize(1280, 760)
    modes = {"empty-put": empty_put, "repl": repl}
    if mode not in modes:
        raise SystemExit(f"drive_run_put: unknown mode {mode}")
    return modes[mode](window, png)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
