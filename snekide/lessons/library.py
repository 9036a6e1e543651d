# SPDX-License-Identifier: GPL-3.0-or-later
"""The lessons that ship with snekide, in the order they are meant to be done."""

from __future__ import annotations

from pathlib import Path

from snekide import settings


def lessons_folder() -> Path:
    """The folder of shipped lessons (File → Open lesson… starts there)."""
    return settings.shipped("lessons")


def shipped_lessons() -> list[Path]:
    """Every shipped lesson file, in course order (their names start with a number)."""
    return sorted(path for path in lessons_folder().glob("*.md")
                  if path.name.lower() != "readme.md")
