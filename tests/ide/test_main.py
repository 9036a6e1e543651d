# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests for the snekide entry point, desktop entry and main window start-up."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_version():
    result = subprocess.run(
        [sys.executable, "-m", "snekide", "--version"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "snekide 0.1.0"


def test_version_does_not_import_qt():
    code = (
        "import sys\n"
        "from snekide.__main__ import main\n"
        "try:\n"
        "    main(['--version'])\n"
        "except SystemExit as e:\n"
        "    assert e.code == 0\n"
        "assert not any(m.startswith('PyQt6') for m in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr


def test_desktop_file_validates():
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.fail("desktop-file-validate not found: install desktop-file-utils")
    result = subprocess.run([tool, str(REPO_ROOT / "snekide.desktop")],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_main_window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SNEKIDE_DATA_DIR", str(tmp_path / "data"))
    program = tmp_path / "lesson.py"
    program.write_text("talkto(M1)\n")
    from snekide.app import create_window

    window = create_window([program], connect=False)
    qtbot.addWidget(window)
    window.show()
    assert window.windowTitle() == "lesson.py – snekide"
    assert window.editor().text() == "talkto(M1)\n"
    for name in ("New", "Open", "Save", "Connect", "Put", "Get", "Stop", "Reset"):
        button = window.button(name)
        assert button.text() == name and button.isVisible()
        assert button.font().pointSize() >= 14
    assert window.board_status.text() == "Not connected"
