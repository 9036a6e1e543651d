"""Command-line entry point: ``snekide`` and ``python -m snekide``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from snekide import __version__

#: Root of the source checkout (valid for editable installs and ``python -m``).
REPO_ROOT = Path(__file__).resolve().parent.parent
#: Host build of the firmware, used as the built-in simulator.
SIMULATOR = REPO_ROOT / "firmware" / "build" / "posix" / "snek"
ICON = Path(__file__).resolve().parent / "icons" / "snekide.svg"


def simulator_path() -> Path | None:
    """Return the built simulator if it exists, else None."""
    return SIMULATOR if SIMULATOR.is_file() else None


def create_window():
    """Build the placeholder main window (the real IDE comes later)."""
    # Qt is imported lazily so that ``--version`` works without it.
    from PyQt6.QtCore import Qt
    from PyQt6.QtGui import QFont, QIcon
    from PyQt6.QtWidgets import QLabel, QMainWindow

    window = QMainWindow()
    window.setWindowTitle("snekide")
    if ICON.is_file():
        window.setWindowIcon(QIcon(str(ICON)))
    sim = simulator_path()
    text = "The snekide IDE is coming soon!"
    text += f"\n\nSimulator: {sim}" if sim else "\n\nSimulator not built yet (make firmware)."
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setWordWrap(True)
    font = QFont(label.font())
    font.setPointSize(20)
    label.setFont(font)
    window.setCentralWidget(label)
    window.resize(800, 500)
    return window


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="snekide", description="A friendly IDE for Snek.")
    parser.add_argument("--version", action="version", version=f"snekide {__version__}")
    parser.parse_args(argv)

    from PyQt6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("snekide")
    app.setDesktopFileName("snekide")
    window = create_window()
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
