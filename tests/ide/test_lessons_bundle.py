# SPDX-License-Identifier: GPL-3.0-or-later
"""Opening and sharing lessons: .md folders, .sneklesson bundles, and hostile files refused."""

from __future__ import annotations

import os
import stat
import warnings
import zipfile
from pathlib import Path

import pytest

from snekide.lessons.bundle import (
    MAX_BYTES,
    LoadedLesson,
    export_lesson,
    is_lesson_file,
    open_lesson,
)
from snekide.lessons.format import LessonError

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
       b'<rect width="5" height="5" fill="#f00"/></svg>')
LESSON = ("---\ntitle: Wiring\nboard: snekboard\nauthor: Kim\n---\n"
          "## Look\n![the robot](pics/robot.png)\n\n![wires](wires.svg)\n\n"
          "```snek\nprint(1)\n```\n")


def tree(root: Path) -> dict[str, bytes | str]:
    """Every file and link under root, with its contents (or link target)."""
    found: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            found[key] = "-> " + os.readlink(path)
        elif path.is_file():
            found[key] = path.read_bytes()
        else:
            found[key] = "dir"
    return found


def make_bundle(path: Path, entries: list[tuple[zipfile.ZipInfo | str, bytes]]) -> Path:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about duplicate names; we want them
        with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for info, data in entries:
                archive.writestr(info, data)
    return path


def good_entries(lesson: str = LESSON) -> list[tuple[zipfile.ZipInfo | str, bytes]]:
    return [("lesson.md", lesson.encode()), ("pics/robot.png", PNG), ("wires.svg", SVG)]


def symlink_entry(name: str, target: str) -> tuple[zipfile.ZipInfo, bytes]:
    info = zipfile.ZipInfo(name)
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info, target.encode()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A teacher's lesson folder: lesson.md with its pictures beside it."""
    lesson = tmp_path / "teacher" / "wiring"
    (lesson / "pics").mkdir(parents=True)
    (lesson / "lesson.md").write_text(LESSON)
    (lesson / "pics" / "robot.png").write_bytes(PNG)
    (lesson / "wires.svg").write_bytes(SVG)
    return lesson


# -- good lessons ----------------------------------------------------------------------------

def test_a_markdown_lesson_brings_its_pictures(folder):
    loaded = open_lesson(folder / "lesson.md")
    assert loaded.lesson.title == "Wiring"
    assert loaded.pictures == {"pics/robot.png": PNG, "wires.svg": SVG}
    assert loaded.source == folder / "lesson.md"


def test_export_then_open_gives_the_same_lesson(folder, tmp_path):
    loaded = open_lesson(folder / "lesson.md")
    shared = tmp_path / "share"
    shared.mkdir()
    target = export_lesson(loaded, shared / "wiring")
    assert target == shared / "wiring.sneklesson"
    assert [p.name for p in shared.iterdir()] == ["wiring.sneklesson"]  # nothing half-written
    with zipfile.ZipFile(target) as archive:
        assert sorted(archive.namelist()) == ["lesson.md", "pics/robot.png", "wires.svg"]
    again = open_lesson(target)
    assert again.lesson == loaded.lesson and again.pictures == loaded.pictures
    assert again.text == loaded.text


def test_export_leaves_out_files_the_lesson_does_not_show(folder, tmp_path):
    (folder / "notes-for-me.txt").write_text("secret marks")
    target = export_lesson(open_lesson(folder / "lesson.md"), tmp_path / "w.sneklesson")
    with zipfile.ZipFile(target) as archive:
        assert "notes-for-me.txt" not in archive.namelist()


def test_export_twice_gives_the_same_bytes(folder, tmp_path):
    loaded = open_lesson(folder / "lesson.md")
    one = export_lesson(loaded, tmp_path / "one.sneklesson").read_bytes()
    two = export_lesson(loaded, tmp_path / "two.sneklesson").read_bytes()
    assert one == two


def test_export_to_a_folder_that_cannot_be_written_says_so(folder, tmp_path):
    loaded = open_lesson(folder / "lesson.md")
    with pytest.raises(OSError):
        export_lesson(loaded, tmp_path / "no-such-folder" / "w.sneklesson")


def test_lessons_open_from_any_folder(tmp_path):
    deep = tmp_path / "a b" / "ç"
    deep.mkdir(parents=True)
    path = make_bundle(deep / "Mon cours.sneklesson", good_entries())
    assert open_lesson(path).lesson.title == "Wiring"


def test_hand_made_zip_with_folder_entries_opens(tmp_path):
    path = make_bundle(tmp_path / "x.sneklesson",
                       [(zipfile.ZipInfo("pics/"), b""), *good_entries(),
                        ("__MACOSX/._lesson.md", b"junk")])
    assert open_lesson(path).pictures["pics/robot.png"] == PNG


def test_file_names_say_lesson_or_program():
    assert is_lesson_file(Path("a.sneklesson")) and is_lesson_file(Path("A.MD"))
    assert not is_lesson_file(Path("robot.py"))
    with pytest.raises(LessonError, match="not a lesson"):
        open_lesson(Path("robot.py"))


# -- hostile or broken files: refused, and nothing written anywhere --------------------------

def big_zeros(size: int) -> bytes:
    return b"\x00" * size


HOSTILE: dict[str, tuple[list[tuple[zipfile.ZipInfo | str, bytes]], str]] = {
    "zip slip": ([*good_entries(), ("../../evil.sh", b"rm -rf ~")], "leaves the lesson"),
    "zip slip inside a folder": ([*good_entries(), ("pics/../../evil.png", PNG)],
                                 "leaves the lesson"),
    "backslash slip": ([*good_entries(), ("..\\evil.bat", b"x")], "leaves the lesson"),
    "absolute path": ([*good_entries(), ("/tmp/evil.md", b"x")], "absolute path"),
    "drive path": ([*good_entries(), ("C:/Windows/evil.md", b"x")], "absolute path"),
    "symlink": ([("lesson.md", LESSON.encode()), symlink_entry("pics/robot.png", "/etc/passwd"),
                 ("wires.svg", SVG)], "link"),
    "symlink folder": ([*good_entries(), symlink_entry("up", "../..")], "link"),
    "zip bomb over 20 MB": ([*good_entries(), ("pics/huge.png", big_zeros(MAX_BYTES + 1))],
                            "more than 20 MB"),
    "zip bomb ratio": ([("lesson.md", LESSON.encode()),
                        ("pics/robot.png", PNG + big_zeros(5_000_000)),
                        ("wires.svg", SVG)], "zip bomb"),
    "script": ([("lesson.md", (LESSON + "\n<script>alert('hi')</script>\n").encode())],
               "could run a program"),
    "remote picture": ([("lesson.md", (LESSON + "\n![x](https://example.com/spy.png)\n").encode()),
                        ("pics/robot.png", PNG), ("wires.svg", SVG)], "not inside the lesson"),
    "remote picture in html": ([("lesson.md", (LESSON + '\n<img src="http://e.com/x.png">\n').encode())],
                               "load something from the internet"),
    "not utf-8": ([("lesson.md", LESSON.replace("Kim", "Zoë").encode("latin-1"))], "not UTF-8"),
    "unknown board": ([("lesson.md", LESSON.replace("snekboard", "esp32").encode())], "'esp32'"),
    "unknown world": ([("lesson.md", LESSON.replace("author", "world: mars\nauthor").encode())],
                      "'mars'"),
    "no lesson.md": ([("pics/robot.png", PNG)], "no lesson.md"),
    "missing picture": ([("lesson.md", LESSON.encode()), ("wires.svg", SVG)], "missing"),
    "fake png": ([("lesson.md", LESSON.encode()), ("pics/robot.png", b"MZ\x90\x00 a program"),
                  ("wires.svg", SVG)], "not really a PNG"),
    "svg with script": ([("lesson.md", LESSON.encode()), ("pics/robot.png", PNG),
                         ("wires.svg", b'<svg><script>alert(1)</script></svg>')], "could run"),
    "svg with remote picture": ([("lesson.md", LESSON.encode()), ("pics/robot.png", PNG),
                                 ("wires.svg", b'<svg><image href="http://e.com/x.png"/></svg>')],
                                "could run"),
    "svg entity bomb": ([("lesson.md", LESSON.encode()), ("pics/robot.png", PNG),
                         ("wires.svg", b'<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>')],
                        "could run"),
    "duplicate names": ([*good_entries(), ("lesson.md", b"---\ntitle: other\n")], "twice"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_bundles_are_refused_and_nothing_is_written(case, tmp_path, monkeypatch):
    entries, words = HOSTILE[case]
    home = tmp_path / "home"
    lessons = home / "lessons"
    lessons.mkdir(parents=True)
    path = make_bundle(lessons / "hostile.sneklesson", entries)
    monkeypatch.chdir(lessons)
    before = tree(tmp_path)
    with pytest.raises(LessonError) as caught:
        open_lesson(path)
    assert words in str(caught.value), str(caught.value)
    assert tree(tmp_path) == before


def test_a_file_over_20_mb_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.sneklesson"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)
    with pytest.raises(LessonError, match="too big .* at most 20 MB"):
        open_lesson(path)


def test_not_a_zip_is_refused(tmp_path):
    path = tmp_path / "notes.sneklesson"
    path.write_text("---\ntitle: I am not a zip\n")
    with pytest.raises(LessonError, match="damaged or is not a .sneklesson"):
        open_lesson(path)


def test_a_zip_whose_header_lies_about_sizes_is_refused(tmp_path):
    path = make_bundle(tmp_path / "liar.sneklesson", good_entries())
    data = bytearray(path.read_bytes())
    # Shrink lesson.md's declared size in the local and central headers: unpacking stops short
    # and the checksum no longer matches.
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("lesson.md")
    local = info.header_offset
    central = data.index(b"PK\x01\x02")
    for at in (local + 22, central + 24):
        data[at:at + 4] = (10).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    with pytest.raises(LessonError, match="damaged"):
        open_lesson(path)


def test_a_locked_zip_is_refused(tmp_path):
    path = make_bundle(tmp_path / "locked.sneklesson", good_entries())
    data = bytearray(path.read_bytes())
    # Set the "encrypted" flag of the first entry in its local and central headers.
    central = data.index(b"PK\x01\x02")
    data[6] |= 0x1
    data[central + 8] |= 0x1
    path.write_bytes(bytes(data))
    with pytest.raises(LessonError, match="password"):
        open_lesson(path)


def test_too_many_entries_are_refused(tmp_path):
    entries = good_entries() + [(f"pics/{i}.png", PNG) for i in range(600)]
    with pytest.raises(LessonError, match="at most 500"):
        open_lesson(make_bundle(tmp_path / "many.sneklesson", entries))


def test_missing_file_says_so(tmp_path):
    with pytest.raises(LessonError, match="Could not read"):
        open_lesson(tmp_path / "gone.sneklesson")


# -- a .md lesson's pictures stay in its folder ----------------------------------------------

def test_a_picture_linked_from_outside_the_folder_is_refused(folder, tmp_path):
    (tmp_path / "secret.png").write_bytes(PNG)
    (folder / "pics" / "robot.png").unlink()
    (folder / "pics" / "robot.png").symlink_to(tmp_path / "secret.png")
    with pytest.raises(LessonError, match="outside the lesson's folder"):
        open_lesson(folder / "lesson.md")


def test_a_missing_picture_is_named(folder):
    (folder / "wires.svg").unlink()
    with pytest.raises(LessonError, match="wires.svg is missing"):
        open_lesson(folder / "lesson.md")


def test_a_non_utf8_markdown_lesson_is_refused(tmp_path):
    path = tmp_path / "l.md"
    path.write_bytes(LESSON.replace("Kim", "Zoë").encode("utf-16"))
    with pytest.raises(LessonError, match="not UTF-8"):
        open_lesson(path)


def test_loaded_lesson_keeps_text_for_export(folder):
    loaded = open_lesson(folder / "lesson.md")
    assert isinstance(loaded, LoadedLesson) and loaded.text == LESSON
