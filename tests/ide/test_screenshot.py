# SPDX-License-Identifier: GPL-3.0-or-later
"""A real X11 screenshot of the main window, taken under Xvfb, kept in test-output/screenshots."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PyQt6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().with_name("drive_ide.py")
SCREENSHOT = ROOT / "test-output" / "screenshots" / "main_window.png"


@pytest.fixture(scope="module")
def firmware() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)
    return ROOT / "firmware" / "build" / "posix" / "snek"


@pytest.fixture
def display(tmp_path: Path) -> Iterator[str]:
    """A fresh Xvfb server on a free display (Xvfb picks the number itself)."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.fail("Xvfb not found: install the xvfb package")
    log = tmp_path / "xvfb.log"
    read_end, write_end = os.pipe()
    with open(log, "wb") as log_file:
        server = subprocess.Popen([xvfb, "-displayfd", str(write_end), "-screen", "0",
                                   "1400x900x24", "-nolisten", "tcp"], pass_fds=(write_end,),
                                  stdout=subprocess.DEVNULL, stderr=log_file)
    os.close(write_end)
    try:
        with os.fdopen(read_end) as numbers:
            number = numbers.readline().strip()  # written once the server is ready
        if not number:
            pytest.fail(f"Xvfb did not start: {log.read_text(errors='replace')}")
        yield f":{number}"
    finally:
        if server.poll() is None:
            server.terminate()
        server.wait(timeout=10)


def test_main_window_screenshot(display, firmware, tmp_path):
    SCREENSHOT.unlink(missing_ok=True)
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb",
               SNEKIDE_DATA_DIR=str(tmp_path / "data"))
    env.pop("WAYLAND_DISPLAY", None)
    result = subprocess.run([sys.executable, str(DRIVER), "screenshot", str(SCREENSHOT)],
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert SCREENSHOT.stat().st_size > 10_000
    image = QImage(str(SCREENSHOT))
    assert image.width() >= 1000 and image.height() >= 600
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    assert len(colours) > 20, "the picture is nearly a single colour"
