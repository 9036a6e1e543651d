# SPDX-License-Identifier: GPL-3.0-or-later
"""Timestamped copies of programs: every Put, and text about to be replaced or thrown away."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from snekide.journal import write_atomic


class CopyFolder:
    """A folder that only ever gains files: one timestamped copy per call to keep()."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def keep(self, text: str, label: str = "program") -> Path:
        """Save a copy of text, named by the time and a short label; return its path."""
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
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
