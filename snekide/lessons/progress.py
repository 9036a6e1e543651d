# SPDX-License-Identifier: GPL-3.0-or-later
"""How far a student got in each lesson: the step on screen and the steps done, kept on disk."""

from __future__ import annotations

import json
from pathlib import Path

from snekide.journal import write_atomic
from snekide.lessons.format import Lesson


class Progress:
    """One lesson's progress, in `<folder>/<lesson key>.json`.

    A missing or damaged file means starting again at step 1: progress is a convenience, never a
    reason for the lesson not to open.
    """

    def __init__(self, folder: Path, lesson: Lesson) -> None:
        self.path = folder / f"{lesson.key}.json"
        self.title = lesson.title
        self.count = len(lesson.steps)
        self.step = 1
        self.done: set[int] = set()
        self._load()

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            step = data["step"]
            done = data["done"]
            if not isinstance(step, int) or not isinstance(done, list):
                return
        except (OSError, ValueError, KeyError, TypeError):
            return
        self.step = min(max(1, step), self.count)
        self.done = {n for n in done if isinstance(n, int) and 1 <= n <= self.count}

    def go_to(self, step: int) -> None:
        self.step = min(max(1, step), self.count)

    def mark_done(self, step: int) -> None:
        self.done.add(step)

    def save(self) -> None:
        """Write the progress; raises OSError if the disk refuses (the caller says so)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"title": self.title, "step": self.step, "done": sorted(self.done)}
        write_atomic(self.path, json.dumps(data, indent=1).encode("utf-8"))
