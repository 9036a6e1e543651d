# SPDX-License-Identifier: GPL-3.0-or-later
"""Installing snekide for one user's desktop: the menu entry, the .sneklesson file type (so that
double-clicking a lesson opens snekide on it) and their icons, under XDG_DATA_HOME."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from snekide import settings

ICONS = Path(__file__).resolve().parent / "icons"
#: What goes where, under the data folder.
DESKTOP_FILE = Path("applications", "snekide.desktop")
MIME_FILE = Path("mime", "packages", "snekide.xml")
APP_ICON = Path("icons", "hicolor", "scalable", "apps", "snekide.svg")
LESSON_ICON = Path("icons", "hicolor", "scalable", "mimetypes", "application-x-sneklesson.svg")


def data_home() -> Path:
    """The user's data folder of the desktop (XDG_DATA_HOME, else ~/.local/share)."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def exec_line(command: list[str]) -> str:
    """A desktop entry's Exec value that starts command on the files given (%F).

    Words with special characters are quoted, with \\ " ` $ escaped by a backslash; the
    value's own string escapes then double every backslash (the Desktop Entry Specification).
    """
    def quote(word: str) -> str:
        if any(c in word for c in ' \t\n"\'\\><~|&;$*?#()`='):
            for c in '\\"`$':
                word = word.replace(c, "\\" + c)
            return f'"{word}"'
        return word

    line = " ".join(quote(word) for word in command) + " %F"
    return line.replace("\\", "\\\\")


def install(data: Path | None = None, command: list[str] | None = None) -> list[str]:
    """Install for this user; return what was done, one line each (raises OSError)."""
    data = data or data_home()
    command = command or [sys.executable, "-m", "snekide"]
    done = []
    entry = settings.shipped("snekide.desktop").read_text(encoding="utf-8")
    entry = "\n".join(f"Exec={exec_line(command)}" if line.startswith("Exec=") else line
                      for line in entry.splitlines()) + "\n"
    _write(data / DESKTOP_FILE, entry.encode("utf-8"))
    _write(data / MIME_FILE, settings.shipped("snekide-mime.xml").read_bytes())
    _write(data / APP_ICON, (ICONS / "snekide.svg").read_bytes())
    _write(data / LESSON_ICON, (ICONS / "application-x-sneklesson.svg").read_bytes())
    done.append(f"Installed the menu entry, the lesson file type and the icons in {data}")
    for tool, folder in (("update-mime-database", data / "mime"),
                         ("update-desktop-database", data / "applications")):
        program = shutil.which(tool)
        if program is None:
            done.append(f"{tool} was not found: log out and in again for the change to show.")
            continue
        result = subprocess.run([program, str(folder)], capture_output=True, text=True,
                                check=False)
        if result.returncode != 0:
            done.append(f"{tool} failed: {result.stderr.strip() or result.returncode}")
    return done


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
