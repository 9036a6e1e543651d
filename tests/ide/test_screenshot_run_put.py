# SPDX-License-Identifier: GPL-3.0-or-later
"""Real X11 pictures of Put's question and of the REPL's errors, kept in test-output/screenshots."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PyQt6.QtGui import QImage

from .test_screenshot import ROOT, display, firmware  # noqa: F401

DRIVER = Path(__file__).resolve().with_name("drive_run_put.py")
SHOTS = ROOT / "test-output" / "screenshots"


def drive(mode: str, png: Path, display: str, data: Path) -> list[str]:
    png.unlink(missing_ok=True)
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", SNEKIDE_DATA_DIR=str(data),
               PYTHONPATH=os.pathsep.join([str(DRIVER.parent), os.environ.get("PYTHONPATH", "")]))
    env.pop("WAYLAND_DISPLAY", None)
    result = subprocess.run([sys.executable, str(DRIVER), mode, str(png)], env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    image = QImage(str(png))
    assert image.width() >= 300 and image.height() >= 100
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    assert len(colours) > 20, "the picture is nearly a single colour"
    return result.stdout.splitlines()


def test_the_empty_put_question(display, firmware, tmp_path):
    said = drive("empty-put", SHOTS / "empty_put_question.png", display, tmp_path / "data")
    assert said == ["This program is empty. If you Put it, the robot forgets the program it has "
                    "now, and does nothing when it starts.  Erase the robot's program?",
                    "Nothing was sent: the robot keeps its program."]


def test_the_repl_with_errors_run_and_a_refused_put(display, firmware, tmp_path):
    drive("repl", SHOTS / "repl_errors_run_put.png", display, tmp_path / "data")
