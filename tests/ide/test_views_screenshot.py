# SPDX-License-Identifier: GPL-3.0-or-later
"""Real X11 screenshots of the Board and Plotter panes, under Xvfb, kept in
test-output/screenshots: the board in the day and the high-contrast theme, the plotter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PyQt6.QtGui import QColor, QImage

from snekide import settings
from snekide.plotter import COLOURS
from snekide.themes import read_theme

from .test_screenshot import display, firmware  # noqa: F401 - fixtures

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().with_name("drive_views.py")
SHOTS = ROOT / "test-output" / "screenshots"


def take(display: str, mode: str, theme: str, png: Path, data: Path) -> dict:
    png.unlink(missing_ok=True)
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", SNEKIDE_DATA_DIR=str(data),
               PYTHONPATH=str(DRIVER.parent))
    env.pop("WAYLAND_DISPLAY", None)
    result = subprocess.run([sys.executable, str(DRIVER), mode, theme, str(png)],
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def share(image: QImage, place: dict, colour: str, near: int = 0) -> float:
    """How much of the pane is painted in colour (each channel within near)."""
    want = QColor(colour)
    points = [(x, y) for x in range(place["x"] + 2, place["x"] + place["width"] - 2, 3)
              for y in range(place["y"] + 2, place["y"] + place["height"] - 2, 3)]

    def close(x: int, y: int) -> bool:
        got = QColor(image.pixel(x, y))
        return all(abs(a - b) <= near for a, b in ((got.red(), want.red()),
                                                  (got.green(), want.green()),
                                                  (got.blue(), want.blue())))
    return sum(1 for x, y in points if close(x, y)) / len(points)


@pytest.mark.parametrize("theme", ["day", "high-contrast"])
def test_board_view_screenshot(display, firmware, tmp_path, theme):
    png = SHOTS / f"board_view_{theme.replace('-', '_')}.png"
    place = take(display, "board", theme, png, tmp_path / "data")
    image = QImage(str(png))
    assert image.width() >= 1000 and image.height() >= 600
    assert place["width"] >= 250 and place["height"] >= 300
    colours = read_theme(settings.shipped("themes") / f"{theme}.toml").board
    assert share(image, place, colours["board"]) > 0.03, "no board in the board's colour"
    assert share(image, place, colours["background"]) > 0.2, "no cards in the pane's colour"
    assert share(image, place, colours["motor"]) > 0.001, "no motor running"
    for red_green_blue in ("#ff0000", "#00ff00", "#0000ff"):      # the three colour LEDs
        assert share(image, place, red_green_blue, near=8) > 0.0002, red_green_blue


def test_plotter_screenshot(display, firmware, tmp_path):
    png = SHOTS / "plotter.png"
    place = take(display, "plotter", "day", png, tmp_path / "data")
    image = QImage(str(png))
    assert place["width"] >= 250 and place["height"] >= 200
    assert share(image, place, "#ffffff") > 0.3, "the graph's background is not the theme's"
    for colour in COLOURS[:2]:                                    # both waves are drawn
        assert share(image, place, colour, near=40) > 0.002, colour
