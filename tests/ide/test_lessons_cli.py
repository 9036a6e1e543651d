# SPDX-License-Identifier: GPL-3.0-or-later
"""snekide-lesson: check, run and export lessons from the command line."""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

import pytest

from snekide.lessons.cli import main
from snekide.lessons.library import lessons_folder

ROOT = Path(__file__).resolve().parents[2]
GOOD = "---\ntitle: Sums\nboard: uno\n---\n## Add\n```snek\nprint(1 + 1)\n```\n"


@pytest.fixture(scope="module", autouse=True)
def firmware() -> None:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)


def lesson(tmp_path: Path, text: str, name: str = "lesson.md") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_check_says_ok_or_refused(tmp_path, capsys):
    good = lesson(tmp_path, GOOD)
    bad = lesson(tmp_path, GOOD.replace("uno", "esp32"), "bad.md")
    assert main(["check", str(good)]) == 0
    assert main(["check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{good}: OK: 'Sums' for Arduino Uno, 1 steps" in out
    assert f"{bad}: refused: This lesson is for a board called 'esp32'" in out


def test_run_reports_each_block(tmp_path, capsys):
    broken = lesson(tmp_path, GOOD + "## Oops\n```snek\nprint(nothing)\n```\n")
    assert main(["run", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "line 6 (step 1: Add): ok" in out
    assert "line 10 (step 2: Oops): FAILED:" in out and "undefined: nothing" in out


def test_run_a_shipped_lesson(capsys):
    assert main(["run", str(lessons_folder() / "04-functions.md")]) == 0
    assert capsys.readouterr().out.count(": ok") == 5


def test_export_writes_one_file(tmp_path, capsys):
    source = lessons_folder() / "06-drawing-shapes.md"
    assert main(["export", str(source), str(tmp_path / "shapes")]) == 0
    with zipfile.ZipFile(tmp_path / "shapes.sneklesson") as archive:
        assert "pictures/square-path.svg" in archive.namelist()
    assert main(["check", str(tmp_path / "shapes.sneklesson")]) == 0
    assert "1 pictures" in capsys.readouterr().out


def test_export_refuses_a_broken_lesson(tmp_path, capsys):
    bad = lesson(tmp_path, GOOD + "\n![x](https://example.com/x.png)\n")
    assert main(["export", str(bad)]) == 1
    assert not (tmp_path / "lesson.sneklesson").exists()
    assert "not inside the lesson" in capsys.readouterr().out


def test_wrong_command_line():
    with pytest.raises(SystemExit) as caught:
        main(["fly"])
    assert caught.value.code == 2
