# SPDX-License-Identifier: GPL-3.0-or-later
"""Real X11 pictures of each new dialog, taken under Xvfb, kept in test-output/screenshots."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PyQt6.QtGui import QImage

from .test_screenshot import display  # noqa: F401 - the Xvfb fixture

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().with_name("drive_dialogs.py")
FOLDER = ROOT / "test-output" / "screenshots"
#: Each dialog and the smallest size it must have on screen (a dialog cut down to its
#: title bar, or not painted at all, fails).
DIALOGS = {"quick_reference": (600, 500), "quick_reference_snekboard": (600, 500),
           "shortcuts": (500, 400), "about": (400, 180), "other_port": (400, 150),
           "history": (600, 380)}


def test_dialog_screenshots(display, tmp_path):  # noqa: F811
    for name in DIALOGS:
        (FOLDER / f"{name}.png").unlink(missing_ok=True)
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb",
               SNEKIDE_DATA_DIR=str(tmp_path / "data"))
    env.pop("WAYLAND_DISPLAY", None)
    result = subprocess.run([sys.executable, str(DRIVER), str(FOLDER)], env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    for name, (width, height) in DIALOGS.items():
        image = QImage(str(FOLDER / f"{name}.png"))
        assert not image.isNull(), name
        assert image.width() >= width and image.height() >= height, (name, image.size())
        colours = {image.pixel(x, y) for x in range(0, image.width(), 5)
                   for y in range(0, image.height(), 5)}
        assert len(colours) > 8, f"{name}: the picture is nearly a single colour"
