# SPDX-License-Identifier: GPL-3.0-or-later
"""The desktop entry and the .sneklesson file type: installed for a user, a lesson file is known
by the desktop (GLib's gio, as file managers use it) and double-clicking it starts snekide on it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from snekide.desktop_install import (
    APP_ICON,
    DESKTOP_FILE,
    LESSON_ICON,
    MIME_FILE,
    exec_line,
    install,
)
from snekide.lessons.bundle import export_lesson, open_lesson
from snekide.lessons.library import lessons_folder

ROOT = Path(__file__).resolve().parents[2]


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} not found: install the packages of tools/system-packages test")
    return path


def gio(data: Path, *args: str) -> str:
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    result = subprocess.run([tool("gio"), *args], env=env, capture_output=True, text=True,
                            timeout=30, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture
def lesson_file(tmp_path: Path) -> Path:
    folder = tmp_path / "My lessons"
    folder.mkdir()
    loaded = open_lesson(lessons_folder() / "08-line-bug.md")
    return export_lesson(loaded, folder / "line bug.sneklesson")


def test_the_shipped_desktop_entry_is_valid_and_claims_lessons():
    result = subprocess.run([tool("desktop-file-validate"), str(ROOT / "snekide.desktop")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    entry = (ROOT / "snekide.desktop").read_text()
    assert "MimeType=application/x-sneklesson;" in entry
    assert "Exec=snekide %F" in entry


def test_install_puts_every_file_in_place(tmp_path):
    data = tmp_path / "share"
    lines = install(data, ["/opt/snek ide/bin/python", "-m", "snekide"])
    for path in (DESKTOP_FILE, MIME_FILE, APP_ICON, LESSON_ICON):
        assert (data / path).is_file(), path
    assert lines[0].startswith("Installed the menu entry")
    assert len(lines) == 1, lines  # the databases were updated without complaint
    entry = (data / DESKTOP_FILE).read_text()
    assert 'Exec="/opt/snek ide/bin/python" -m snekide %F' in entry
    result = subprocess.run([tool("desktop-file-validate"), str(data / DESKTOP_FILE)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout
    assert "60:application/x-sneklesson:*.sneklesson" in (data / "mime" / "globs2").read_text()
    assert "application/x-sneklesson=snekide.desktop;" in \
        (data / "applications" / "mimeinfo.cache").read_text()


def test_the_desktop_knows_a_lesson_file_and_its_icon(tmp_path, lesson_file):
    data = tmp_path / "share"
    install(data)
    info = gio(data, "info", "-a", "standard::content-type,standard::icon", str(lesson_file))
    assert "standard::content-type: application/x-sneklesson" in info
    assert "application-x-sneklesson" in info.split("standard::icon:")[1]
    assert "Default application for “application/x-sneklesson”: snekide.desktop" in \
        gio(data, "mime", "application/x-sneklesson")


def test_double_clicking_a_lesson_starts_snekide_on_it(tmp_path, lesson_file):
    """gio open does what a file manager does on a double click: it runs the Exec line."""
    data = tmp_path / "share"
    record = tmp_path / "started-with.json"
    stand_in = tmp_path / "snekide-stand-in.py"
    stand_in.write_text("import json, sys\n"
                        f"open({str(record)!r}, 'w').write(json.dumps(sys.argv[1:]))\n")
    install(data, [sys.executable, str(stand_in)])
    gio(data, "open", str(lesson_file))
    deadline = time.monotonic() + 20
    while not record.exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # a separate process: nothing to wait on but its file
    assert json.loads(record.read_text()) == [str(lesson_file)]


def test_snekide_install_desktop_from_the_command_line(tmp_path):
    data = tmp_path / "share"
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    result = subprocess.run([sys.executable, "-m", "snekide", "--install-desktop"], env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert f"in {data}" in result.stdout
    assert f"Exec={sys.executable} -m snekide %F" in (data / DESKTOP_FILE).read_text()


def test_install_into_a_folder_that_cannot_be_written_says_so(tmp_path):
    blocker = tmp_path / "share"
    blocker.write_text("a file, not a folder")
    env = dict(os.environ, XDG_DATA_HOME=str(blocker))
    result = subprocess.run([sys.executable, "-m", "snekide", "--install-desktop"], env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1
    assert result.stderr.startswith("snekide: could not install:")


def test_an_odd_program_path_still_makes_a_valid_entry(tmp_path):
    data = tmp_path / "share"
    install(data, ['/home/kim/my $ "robots"/python', "-m", "snekide"])
    result = subprocess.run([tool("desktop-file-validate"), str(data / DESKTOP_FILE)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0 and "error" not in result.stdout, result.stdout


def test_exec_line_quotes_what_needs_quoting():
    assert exec_line(["/usr/bin/python3", "-m", "snekide"]) == "/usr/bin/python3 -m snekide %F"
    assert exec_line(['/a b/$x"y']) == '"/a b/\\\\$x\\\\"y" %F'
