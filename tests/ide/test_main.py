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


def test_help_lists_the_options():
    result = subprocess.run([sys.executable, "-m", "snekide", "--help"], capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    for option in ("--port PATH", "--board {uno,duemilanove,snekboard}", "--version", "FILE"):
        assert option in result.stdout


def test_an_unknown_board_is_refused_with_the_boards_there_are():
    result = subprocess.run([sys.executable, "-m", "snekide", "--port", "/dev/ttyUSB0",
                             "--board", "toaster"], capture_output=True, text=True, timeout=60,
                            check=False)
    assert result.returncode == 2
    assert "invalid choice: 'toaster'" in result.stderr and "uno" in result.stderr


def test_the_command_line_names_a_board():
    from snekide.__main__ import parser
    from snekide.app import given_choice

    args = parser().parse_args(["--port", "/tmp/ttyUNO", "--board", "uno", "a.py", "b.py"])
    assert (args.port, args.board, args.files) == ("/tmp/ttyUNO", "uno",
                                                   [Path("a.py"), Path("b.py")])
    port = given_choice(args.port, args.board)
    assert port is not None and (port.kind, port.port, port.board) == ("serial", "/tmp/ttyUNO",
                                                                       "uno")
    simulator = given_choice(None, "duemilanove")
    assert simulator is not None and (simulator.kind, simulator.board) == ("simulator", "uno")
    assert given_choice(None, None) is None
