"""Tests for the snekide entry point, desktop entry and placeholder window."""

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


def test_placeholder_window(qtbot):
    from snekide.__main__ import create_window

    window = create_window()
    qtbot.addWidget(window)
    window.show()
    assert window.windowTitle() == "snekide"
    assert "coming" in window.centralWidget().text()
