# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs the IDE in its own process with the Board or the Plotter open, and takes a picture.

    python drive_views.py board THEME PNG     on the Snekboard simulator: motors, a lit pin,
                                              colour LEDs, a tone, an input set by hand and
                                              the robot's light sensor on A1
    python drive_views.py plotter THEME PNG   a program printing two waves as tuples

Prints the pane's place in the picture as JSON. SNEKIDE_DATA_DIR and QT_QPA_PLATFORM come
from the environment, as for the real IDE.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PyQt6.QtCore import Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QWidget

from snekide.app import create_app
from snekide.device.usb import SIMULATOR
from snekide.main_window import MainWindow

from drive_ide import wait_for  # type: ignore[import-not-found]

BOARD_LINES = [
    "talkto(M1); setpower(0.6); setleft(); on()",
    "talkto(M3); setpower(0.3); on()",
    "talkto(A2); setpower(0.5); on()",
    "neopixel([(1, 0, 0), (0, 1, 0), (0, 0, 1)]); tone(440)",
]
WAVES = ["for i in range(300):", "print((sin(i / 10), cos(i / 23) / 2))", ""]


def type_lines(window: MainWindow, lines: list[str]) -> None:
    """Each line once the robot's prompt shows, as a student types them."""
    control = window.repl
    control.setFocus()
    for line in lines:
        wait_for(lambda: control.ready, "the prompt")
        if line:
            QTest.keyClicks(control, line)
        QTest.keyClick(control, Qt.Key.Key_Return)


def show_pane(window: MainWindow, pane: QWidget) -> None:
    dock = pane.parentWidget()
    assert dock is not None
    dock.show()
    wait_for(pane.isVisible, "the pane")


def board(window: MainWindow) -> QWidget:
    view = window.board_view
    show_pane(window, view)
    wait_for(lambda: bool(view.tiles), "the board's pins")
    for line in BOARD_LINES:
        type_lines(window, [line])
    a4 = view.tile("A4")   # A1 is the robot's light sensor: the world sets it
    a4.slider.setValue(70)  # type: ignore[attr-defined]
    wait_for(lambda: view.tile("tone").lines == ("playing 440 Hz",)
             and view.tile("A4").lines[-1] == "read() gives 0.7"
             and view.tile("A1").lines[-1] == "light sensor",
             "the board to show it all")
    return view


def plotter(window: MainWindow) -> QWidget:
    plot = window.plotter
    show_pane(window, plot)
    type_lines(window, WAVES)
    wait_for(lambda: plot.rows.count == 300 and len(plot.series_shown()[:1][0] if
                                                   plot.series_shown() else []) == 300,
             "the waves")
    return plot


def main(argv: list[str]) -> int:
    mode, theme, png = argv[1], argv[2], Path(argv[3])
    app = create_app(argv[:1])  # noqa: F841 - keep it alive
    window = MainWindow(list_devices=lambda: [SIMULATOR])
    window.resize(1280, 800)
    window.themes.choose(theme)
    window.show()
    window.connect_default()
    wait_for(lambda: window.board_status.text().startswith("Connected"), "the simulator")
    pane = board(window) if mode == "board" else plotter(window)
    QTest.qWait(300)  # let the last change paint
    screen = window.screen()
    picture = screen.grabWindow(window.winId()) if screen is not None else window.grab()
    if picture.isNull():
        picture = window.grab()
    png.parent.mkdir(parents=True, exist_ok=True)
    if not picture.save(str(png)):
        raise SystemExit(f"drive_views: could not save {png}")
    ratio = picture.devicePixelRatio()
    place = pane.mapTo(window, pane.rect().topLeft())
    print(json.dumps({"x": round(place.x() * ratio), "y": round(place.y() * ratio),
                      "width": round(pane.width() * ratio),
                      "height": round(pane.height() * ratio)}), flush=True)
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
