# SPDX-License-Identifier: GPL-3.0-or-later
"""Program files: which names are programs, and the name Save gives one."""

from __future__ import annotations

from pathlib import Path

#: The endings of Snek programs; Open shows these files.
PROGRAM_SUFFIXES = (".py", ".snek")
PROGRAMS_FILTER = "Snek programs (*.py *.snek)"
ALL_FILES_FILTER = "All files (*)"


def is_program(path: Path) -> bool:
    return path.suffix.lower() in PROGRAM_SUFFIXES


def with_program_suffix(path: Path) -> Path:
    """path as a program file: 'robot1' becomes 'robot1.py', 'my.robot' 'my.robot.py', so Open
    finds it again; names ending in .py or .snek stay as they are."""
    if is_program(path):
        return path
    return path.with_name(path.name.rstrip(".") + ".py")
