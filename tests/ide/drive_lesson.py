# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs the IDE in its own process on a lesson, as `snekide LESSON` does, and takes a picture.

    python drive_lesson.py LESSON PNG THEME   open LESSON, choose THEME, connect to the simulator,
                                              press the first Try it, wait for the step's ✓ (if
                                              it has a check), save a picture of the window to
                                              PNG, print the lesson pane's place in it as JSON

SNEKIDE_DATA_DIR and QT_QPA_PLATFORM come from the environment, as for the real IDE.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PyQt6.QtCore import Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QPushButton

from snekide.app import create_app
from snekide.device.usb import SIMULATOR
from snekide.main_window import MainWindow

from drive_ide import wait_for  # type: ignore[import-not-found]


def main(argv: list[str]) -> int:
    lesson, png, theme = Path(argv[1]), Path(argv[2]), argv[3]
    app = create_app(argv[:1])  # noqa: F841 - keep it alive
    window = MainWindow([lesson], list_devices=lambda: [SIMULATOR])
    window.resize(1280, 780)
    window.themes.choose(theme)
    window.show()
    window.connect_default()
    wait_for(lambda: window.board_status.text().startswith("Connected"), "the simulator")
    pane = window.lesson_pane
    try_it = pane.findChildren(QPushButton, "try_button")[0]
    QTest.mouseClick(try_it, Qt.MouseButton.LeftButton)
    if pane.step is not None and pane.step.check is not None and pane.step.check.outputs:
        wait_for(lambda: "✓" in pane.step_title.text(), "the step's check")
    else:
        wait_for(lambda: window.repl.toPlainText().count("> ") >= 2, "the REPL")
    QTest.qWait(300)  # let the last output paint
    screen = window.screen()
    picture = screen.grabWindow(window.winId()) if screen is not None else window.grab()
    if picture.isNull():
        picture = window.grab()
    png.parent.mkdir(parents=True, exist_ok=True)
    if not picture.save(str(png)):
        raise SystemExit(f"drive_lesson: could not save {png}")
    ratio = picture.devicePixelRatio()
    place = pane.mapTo(window, pane.rect().topLeft())
    print(json.dumps({"x": round(place.x() * ratio), "y": round(place.y() * ratio),
                      "width": round(pane.width() * ratio), "height": round(pane.height() * ratio),
                      "title": pane.step_title.text()}), flush=True)
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
