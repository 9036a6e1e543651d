# SPDX-License-Identifier: GPL-3.0-or-later
"""Timestamped copies of programs: every Put, and text about to be replaced or thrown away."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from snekide.journal import write_atomic

_STAMP = "%Y-%m-%d_%H-%M-%S"


class CopyFolder:
    """A folder that only ever gains files: one timestamped copy per call to keep()."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def keep(self, text: str, label: str = "program") -> Path:
        """Save a copy of text, named by the time and a short label; return its path."""
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime(_STAMP)
        name = re.sub(r"[^A-Za-z0-9_-]+", "-", label).strip("-")[:40] or "program"
        path = self.folder / f"{stamp}_{name}.py"
        counter = 1
        while path.exists():
            counter += 1
            path = self.folder / f"{stamp}_{name}-{counter}.py"
        write_atomic(path, text.encode("utf-8"))
        return path

    def copies(self) -> list[Path]:
        """Every copy, oldest first."""
        if not self.folder.is_dir():
            return []
        return sorted(self.folder.glob("*.py"), key=lambda p: (p.stat().st_mtime, p.name))


@dataclass(frozen=True)
class Copy:
    """One kept copy, as the student sees it: when, and which program."""

    path: Path
    when: datetime | None
    name: str

    def describe(self, now: datetime | None = None) -> str:
        """'Today 14:05 · square' (or the date for older copies)."""
        if self.when is None:
            return self.name
        now = now or datetime.now()
        if self.when.date() == now.date():
            day = "Today"
        elif (now.date() - self.when.date()).days == 1:
            day = "Yesterday"
        else:
            day = self.when.strftime("%Y-%m-%d")
        return f"{day} {self.when:%H:%M} · {self.name}"


_NAME = re.compile(r"^(\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d)_(.*?)(?:-\d+)?$")


def read_copy(path: Path) -> Copy:
    """What a copy's file name says (the time of the Put and the program's name)."""
    found = _NAME.match(path.stem)
    if found is None:
        return Copy(path, None, path.stem)
    try:
        when: datetime | None = datetime.strptime(found.group(1), _STAMP)
    except ValueError:
        when = None
    name = found.group(2) or "program"
    if name.endswith("-py"):
        name = name[:-3]
    return Copy(path, when, name.replace("-", " "))


def newest_first(folder: CopyFolder) -> list[Copy]:
    """The copies of a folder, newest first."""
    return [read_copy(path) for path in reversed(folder.copies())]
