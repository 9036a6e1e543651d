# SPDX-License-Identifier: GPL-3.0-or-later
"""Opening lessons (a `.md` file, or a `.sneklesson` zip of `lesson.md` and its pictures) and
exporting them for sharing.

A lesson from a stranger is untrusted. Opening one never writes a file: the zip is read into
memory, entry by entry, with every size bounded, and anything odd refuses the whole file with a
message: paths that climb out (`../`), absolute paths, symbolic links, more than 20 MB packed or
unpacked, entries that unpack far larger than they are packed (zip bombs), passwords, text that is
not UTF-8, pictures that are not what their names say, SVG pictures with scripts or links.
"""

from __future__ import annotations

import os
import re
import stat
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from snekide.lessons.format import Lesson, LessonError, decode_lesson_text, parse_lesson

#: The one file every bundle has, at its top.
LESSON_FILE = "lesson.md"
BUNDLE_SUFFIX = ".sneklesson"
MARKDOWN_SUFFIXES = (".md", ".markdown")
#: The most a lesson may take, as a file and unpacked (pictures included).
MAX_BYTES = 20 * 1024 * 1024
MAX_ENTRIES = 500
#: An entry bigger than this unpacked ...
BOMB_MIN_BYTES = 1024 * 1024
#: ... may be at most this many times its packed size (real pictures hardly pack at all).
BOMB_RATIO = 100

_PICTURE_MAGIC = {
    "png": (b"\x89PNG\r\n\x1a\n",),
    "jpg": (b"\xff\xd8\xff",),
    "jpeg": (b"\xff\xd8\xff",),
    "gif": (b"GIF87a", b"GIF89a"),
}
#: What an SVG picture may not hold: scripts, events, entities, foreign content, links out.
_SVG_DANGER = re.compile(
    r"<\s*script|<\s*foreignobject|<!\s*entity|<!\s*doctype|<\s*image\b|<\s*use\b[^>]*href\s*=\s*"
    r"[\"'](?!#)|\bon[a-z]+\s*=|javascript:|@import|url\s*\(\s*[\"']?(?!#)|"
    r"href\s*=\s*[\"'](?!#)", re.IGNORECASE)


@dataclass(frozen=True)
class LoadedLesson:
    """A lesson read and checked, with its pictures in memory."""

    lesson: Lesson
    text: str
    pictures: dict[str, bytes] = field(default_factory=dict)
    source: Path | None = None


def is_lesson_file(path: Path) -> bool:
    """Whether a file name says lesson (rather than program)."""
    return path.suffix.lower() in (BUNDLE_SUFFIX, *MARKDOWN_SUFFIXES)


def open_lesson(path: Path) -> LoadedLesson:
    """Read and check a lesson file; LessonError says why one cannot be opened."""
    suffix = path.suffix.lower()
    if suffix == BUNDLE_SUFFIX:
        return read_bundle(path)
    if suffix in MARKDOWN_SUFFIXES:
        return read_markdown(path)
    raise LessonError(f"{path.name} is not a lesson: lessons end in .sneklesson or .md.")


# -- a .md file in a folder ------------------------------------------------------------------

def read_markdown(path: Path) -> LoadedLesson:
    """A lesson written as a .md file, its pictures beside it in its folder."""
    data = _read_file(path, MAX_BYTES)
    text = decode_lesson_text(data, path.name)
    lesson = parse_lesson(text)
    folder = path.resolve().parent
    pictures: dict[str, bytes] = {}
    room = MAX_BYTES - len(data)
    for name in lesson.pictures:
        file = (folder / name).resolve()
        if not file.is_relative_to(folder):
            raise LessonError(f"The picture {name} is outside the lesson's folder.")
        picture = _read_file(file, room, what=f"The picture {name}")
        room -= len(picture)
        pictures[name] = check_picture(name, picture)
    return LoadedLesson(lesson, text, pictures, path)


def _read_file(path: Path, limit: int, what: str | None = None) -> bytes:
    what = what or path.name
    try:
        if path.stat().st_size > limit:
            raise LessonError(f"{what} is too big: a lesson with its pictures may be at most "
                              f"{MAX_BYTES // (1024 * 1024)} MB.")
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise LessonError(f"{what} is missing.") from None
    except OSError as error:
        raise LessonError(f"Could not read {what}: {error.strerror or error}.") from None
    if len(data) > limit:
        raise LessonError(f"{what} is too big.")
    return data


# -- a .sneklesson bundle --------------------------------------------------------------------

def read_bundle(path: Path) -> LoadedLesson:
    """A .sneklesson: a zip of lesson.md and the pictures it shows."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise LessonError(f"Could not read {path.name}: {error.strerror or error}.") from None
    if size > MAX_BYTES:
        raise LessonError(f"{path.name} is too big ({size / (1024 * 1024):.0f} MB): a lesson "
                          f"may be at most {MAX_BYTES // (1024 * 1024)} MB.")
    try:
        with zipfile.ZipFile(path) as archive:
            entries = _check_entries(archive)
            if LESSON_FILE not in entries:
                raise LessonError(f"{path.name} has no {LESSON_FILE} inside, so it is not a "
                                  "lesson.")
            reader = _BoundedReader(archive)
            text = decode_lesson_text(reader.read(entries[LESSON_FILE]), LESSON_FILE)
            lesson = parse_lesson(text)
            pictures = {}
            for name in lesson.pictures:
                if name not in entries:
                    raise LessonError(f"The picture {name} is missing from {path.name}.")
                pictures[name] = check_picture(name, reader.read(entries[name]))
    except LessonError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, ValueError) as error:
        raise LessonError(f"{path.name} is damaged or is not a .sneklesson file ({error}).") \
            from None
    except OSError as error:
        raise LessonError(f"Could not read {path.name}: {error.strerror or error}.") from None
    return LoadedLesson(lesson, text, pictures, path)


def _check_entries(archive: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    """Every entry's name and kind checked before anything is read; files by name."""
    infos = archive.infolist()
    if len(infos) > MAX_ENTRIES:
        raise LessonError(f"This lesson holds {len(infos)} files; a lesson may hold at most "
                          f"{MAX_ENTRIES}.")
    files: dict[str, zipfile.ZipInfo] = {}
    seen: set[str] = set()
    unpacked = 0
    for info in infos:
        name = _safe_name(info.filename)
        if name.lower() in seen:
            raise LessonError(f"This lesson holds {name} twice.")
        seen.add(name.lower())
        mode = info.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise LessonError(f"This lesson holds a link ({name}) to another place on the "
                              "computer. Lessons may only hold their own files.")
        if info.flag_bits & 0x1:
            raise LessonError(f"This lesson is locked with a password ({name}).")
        if info.is_dir():
            continue
        unpacked += info.file_size
        if unpacked > MAX_BYTES:
            raise LessonError(f"This lesson unpacks to more than {MAX_BYTES // (1024 * 1024)} "
                              "MB, too big for a lesson.")
        packed = max(1, info.compress_size)
        if info.file_size > BOMB_MIN_BYTES and info.file_size > BOMB_RATIO * packed:
            raise LessonError(f"{name} in this lesson unpacks to far more than it holds "
                              "(a \"zip bomb\"), so the lesson is refused.")
        files[name] = info
    return files


def _safe_name(raw: str) -> str:
    """An entry's name, if it stays inside the lesson; else a LessonError."""
    name = raw[:-1] if raw.endswith("/") else raw
    if re.search(r"[\x00-\x1f\x7f]", name):
        raise LessonError(f"This lesson holds a file with a strange name ({name!r}).")
    if name.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", name):
        raise LessonError(f"This lesson holds a file with an absolute path ({name}). "
                          "Lessons may only hold files inside themselves.")
    parts = name.split("/")
    if "\\" in name or any(part in ("", ".", "..") for part in parts):
        raise LessonError(f"This lesson holds a file whose path leaves the lesson ({name}). "
                          "It was refused so that nothing is written outside the lesson.")
    return str(PurePosixPath(*parts))


class _BoundedReader:
    """Reads entries, never more than MAX_BYTES in all, whatever the zip's headers claim."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.room = MAX_BYTES

    def read(self, info: zipfile.ZipInfo) -> bytes:
        with self.archive.open(info) as entry:
            data = entry.read(self.room + 1)
        if len(data) > self.room:
            raise LessonError(f"This lesson unpacks to more than {MAX_BYTES // (1024 * 1024)} "
                              "MB, too big for a lesson.")
        self.room -= len(data)
        return data


# -- pictures --------------------------------------------------------------------------------

def check_picture(name: str, data: bytes) -> bytes:
    """The picture's bytes if they are what its name says (an SVG without scripts or links)."""
    kind = name.rsplit(".", 1)[-1].lower()
    if kind == "svg":
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise LessonError(f"The picture {name} is not a proper SVG file.") from None
        if "<svg" not in text.lower():
            raise LessonError(f"The picture {name} is not a proper SVG file.")
        danger = _SVG_DANGER.search(text)
        if danger:
            raise LessonError(f"The picture {name} has something in it that could run a program "
                              f"or load from the internet ({danger.group(0)!r}).")
        return data
    if not data.startswith(_PICTURE_MAGIC.get(kind, ())):
        raise LessonError(f"The picture {name} is not really a {kind.upper()} picture.")
    return data


# -- sharing ---------------------------------------------------------------------------------

def export_lesson(loaded: LoadedLesson, target: Path) -> Path:
    """Write the lesson and its pictures as one .sneklesson file; return its path.

    The file appears whole or not at all (written beside the target, then renamed).
    """
    if target.suffix.lower() != BUNDLE_SUFFIX:
        target = target.with_name(target.name + BUNDLE_SUFFIX)
    partial = target.with_name(target.name + ".partial")
    try:
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            _add(archive, LESSON_FILE, loaded.text.encode("utf-8"))
            for name in loaded.lesson.pictures:
                _add(archive, name, loaded.pictures[name])
        os.replace(partial, target)
    except OSError:
        partial.unlink(missing_ok=True)
        raise
    return target


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    # A fixed date: the same lesson exports to the same bytes.
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = (stat.S_IFREG | 0o644) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)
