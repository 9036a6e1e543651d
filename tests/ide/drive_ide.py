# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs the IDE in its own process and drives it like a student, for tests that need a real process.

    python drive_ide.py type TEXT      type TEXT into the editor, print "typed", run until killed
    python drive_ide.py screenshot PNG connect to the simulator, write and Put a program,
                                       save a picture of the window to PNG and exit

SNEKIDE_DATA_DIR and QT_QPA_PLATFORM come from the environment, as for the real IDE.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from PyQt6.QtCore import Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication

from snekide.app import create_app
from snekide.device.usb import SIMULATOR
from snekide.main_window import MainWindow

SAMPLE = """\
# Drive in a square
def square(size):
    talkto(M1)
    for side in range(4):
        setpower(0.8)
        onfor(size)
        print('side', side + 1)

square(0.2)
"""


def wait_for(ready: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    """Let the window work until ready() holds; give up after timeout seconds."""
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise SystemExit(f"drive_ide: timed out waiting for {what}")
        QTest.qWait(20)


def type_program(window: MainWindow, text: str) -> None:
    """Type text into the window's editor."""
    type_text(window.editor(), text)


def type_text(editor, text: str) -> None:
    """Type text as written: after Return, Backspace removes the auto-indent first.
    (Shared with the in-process tests in test_window.py.)"""
    editor.setFocus()
    for i, line in enumerate(text.split("\n")):
        if i:
            QTest.keyClick(editor, Qt.Key.Key_Return)
            while editor.textCursor().positionInBlock():
                QTest.keyClick(editor, Qt.Key.Key_Backspace)
        if line:
            QTest.keyClicks(editor, line)


def type_and_wait(window: MainWindow, text: str) -> int:
    window.show()
    type_program(window, text)
    print("typed", flush=True)
    return QApplication.exec()


def screenshot(window: MainWindow, png: Path) -> int:
    window.show()
    window.connect_default()
    wait_for(lambda: window.board_status.text().startswith("Connected"), "the simulator")
    type_program(window, SAMPLE)
    window.editor().show_line(1, error=False)
    control = window.repl
    control.setFocus()
    QTest.keyClicks(control, "print('Hello, robot!', 6 * 7)")
    QTest.keyClick(control, Qt.Key.Key_Return)
    wait_for(lambda: "Hello, robot! 42" in control.toPlainText(), "the REPL's answer")
    QTest.mouseClick(window.button("Put"), Qt.MouseButton.LeftButton)
    wait_for(lambda: "same as this one" in window.program_status.text(), "Put")
    wait_for(lambda: "side 4" in control.toPlainText(), "the program to run")
    window.editor().setFocus()
    QTest.qWait(200)  # let the last output paint
    screen = window.screen()
    picture = screen.grabWindow(window.winId()) if screen is not None else window.grab()
    if picture.isNull():
        picture = window.grab()
    png.parent.mkdir(parents=True, exist_ok=True)
    if not picture.save(str(png)):
        raise SystemExit(f"drive_ide: could not save {png}")
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    window.close()
    return 0


def main(argv: list[str]) -> int:
    mode, arg = argv[1], argv[2]
    app = create_app(argv[:1])  # noqa: F841 - keep it alive
    window = MainWindow(list_devices=lambda: [SIMULATOR])
    window.resize(1280, 760)
    if mode == "type":
        return type_and_wait(window, arg)
    if mode == "screenshot":
        return screenshot(window, Path(arg))
    raise SystemExit(f"drive_ide: unknown mode {mode}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
