# SPDX-License-Identifier: GPL-3.0-or-later
"""The tabs of last time: what each journaled buffer becomes when the IDE starts again."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from snekide.journal import Entry

#: Preferences key: the buffer that was the current tab when the IDE closed.
CURRENT_TAB = "current_tab"

WELCOME_BACK = "Welcome back! Your programs from last time are here again."
MISSING = ("{name} is not where it was any more, so its text from last time is in a tab that "
           "is not saved. Use Save as to keep it.")


@dataclass(frozen=True)
class Tab:
    """A tab to open: its text, its file (if it has one) and whether it is saved."""

    text: str
    path: Path | None
    modified: bool
    buffer_id: str
    name: str | None


def read_program(path: Path) -> str:
    """A program file's text (raises OSError or UnicodeDecodeError)."""
    return path.read_text(encoding="utf-8")


def tabs_to_restore(entries: Iterable[Entry],
                    read: Callable[[Path], str] = read_program) -> tuple[list[Tab], list[str]]:
    """The tabs to bring back, in their order, and what to tell the student about them.

    A saved file is read again from disk (it may have been changed since); a file with
    changes comes back with the changed text; a file that is gone comes back as its
    journaled text in an unsaved tab; empty new tabs are left out.
    """
    tabs: list[Tab] = []
    notes: list[str] = []
    for entry in sorted(entries, key=lambda e: e.order):
        path = Path(entry.path) if entry.path else None
        if path is None:
            if entry.text.strip():
                tabs.append(Tab(entry.text, None, True, entry.buffer_id, entry.name or None))
            continue
        if entry.modified:
            tabs.append(Tab(entry.text, path, True, entry.buffer_id, None))
            continue
        try:
            text = read(path)
        except (OSError, UnicodeDecodeError):
            tabs.append(Tab(entry.text, None, True, entry.buffer_id, path.name))
            notes.append(MISSING.format(name=path.name))
            continue
        tabs.append(Tab(text, path, False, entry.buffer_id, None))
    return tabs, notes
