# SPDX-License-Identifier: GPL-3.0-or-later
"""What a finished install reports, and the progress callback every writer calls."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: progress(stage, done, total): stage is "connecting", "writing" or "checking".
Progress = Callable[[str, int, int], None]


def no_progress(stage: str, done: int, total: int) -> None:
    """The progress callback when nobody watches."""


def never() -> bool:
    """The cancel check when nobody can cancel."""
    return False


@dataclass(frozen=True)
class Written:
    """A write that was checked: read back page by page (STK500), or taken whole by a
    UF2 bootloader that then restarted the board."""
    pages: int
    size: int
    bootloader: str     # the bootloader's own version, as it reports it
    seconds: float
    port: str           # where the board's serial port is now
