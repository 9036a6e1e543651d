# SPDX-License-Identifier: GPL-3.0-or-later
"""Real X11 screenshots of the IDE on a lesson, under Xvfb, kept in test-output/screenshots:
the lesson pane beside the editor, after Try it, in the day and the high-contrast theme."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PyQt6.QtGui import QColor, QImage

from snekide import settings
from snekide.lessons.bundle import export_lesson, open_lesson
from snekide.lessons.library import lessons_folder
from snekide.themes import read_theme

from .test_screenshot import display, firmware  # noqa: F401 - fixtures

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().with_name("drive_lesson.py")
SHOTS = ROOT / "test-output" / "screenshots"


def take(display: str, lesson: Path, theme: str, png: Path, data: Path) -> dict:
    png.unlink(missing_ok=True)
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", SNEKIDE_DATA_DIR=str(data),
               PYTHONPATH=str(DRIVER.parent))
    env.pop("WAYLAND_DISPLAY", None)
    result = subprocess.run([sys.executable, str(DRIVER), str(lesson), str(png), theme],
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def background_share(image: QImage, place: dict, colour: str) -> float:
    """How much of the lesson pane is painted in colour."""
    want = QColor(colour).rgb() & 0xFFFFFF
    points = [(x, y) for x in range(place["x"] + 4, place["x"] + place["width"] - 4, 5)
              for y in range(place["y"] + 4, place["y"] + place["height"] - 4, 5)]
    return sum(1 for x, y in points if image.pixel(x, y) & 0xFFFFFF == want) / len(points)


@pytest.mark.parametrize("theme", ["day", "high-contrast"])
def test_lesson_pane_screenshot(display, firmware, tmp_path, theme):
    if theme == "day":
        lesson = lessons_folder() / "01-first-words.md"
    else:  # a shared bundle, opened as a double click opens it
        lesson = export_lesson(open_lesson(lessons_folder() / "08-line-bug.md"),
                               tmp_path / "line bug.sneklesson")
    png = SHOTS / f"lesson_pane_{theme.replace('-', '_')}.png"
    place = take(display, lesson, theme, png, tmp_path / "data")
    image = QImage(str(png))
    assert image.width() >= 1000 and image.height() >= 600
    assert place["x"] == 0 and place["width"] >= 300
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    assert len(colours) > 20, "the picture is nearly a single colour"
    background = read_theme(settings.shipped("themes") / f"{theme}.toml").lesson["background"]
    assert background_share(image, place, background) > 0.3
    if theme == "day":
        assert "✓" in place["title"]
