# SPDX-License-Identifier: GPL-3.0-or-later
"""The QApplication: names, icon, a readable font, and a safety net for unexpected errors."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

from PyQt6.QtGui import QFont, QIcon
from PyQt6.QtWidgets import QApplication

from snekide import connect_choices
from snekide.device.usb import DeviceChoice
from snekide.main_window import ICON, MainWindow

#: Base font size for the whole IDE: big enough for a 10-year-old.
APP_FONT_SIZE = 12


def _report(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    """Print unexpected errors instead of letting PyQt abort (and lose the student's work)."""
    traceback.print_exception(kind, error, tb, file=sys.stderr)


def create_app(argv: list[str] | None = None) -> QApplication:
    """The running QApplication, set up for snekide."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("snekide")
    app.setDesktopFileName("snekide")
    if ICON.is_file():
        app.setWindowIcon(QIcon(str(ICON)))
    font = QFont(app.font())
    font.setPointSize(APP_FONT_SIZE)
    app.setFont(font)
    return app


def given_choice(port: str | None = None, board: str | None = None) -> DeviceChoice | None:
    """The board named on the command line: a port (with its board, if given), the simulator
    as a board, or None when nothing was named."""
    if port:
        return connect_choices.port_choice(port, board or "")
    if board:
        return connect_choices.simulator(board)
    return None


def create_window(files: Iterable[Path] = (), connect: bool = True, *, port: str | None = None,
                  board: str | None = None) -> MainWindow:
    """The main window, connected (if connect) to the board given, else to the one remembered
    or plugged in, else to the simulator."""
    window = MainWindow(files)
    if connect:
        window.connect_default(given_choice(port, board))
    return window


def run(files: Iterable[Path] = (), *, port: str | None = None, board: str | None = None) -> int:
    """Start the IDE and return its exit status."""
    app = create_app()
    sys.excepthook = _report
    window = create_window(files, port=port, board=board)
    window.show()
    return app.exec()
