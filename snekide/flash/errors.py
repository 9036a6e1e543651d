# SPDX-License-Identifier: GPL-3.0-or-later
"""What can go wrong while installing Snek, in words a teacher or a student can act on."""

from __future__ import annotations


class FlashError(Exception):
    """Installing did not work. str() is one line for the person at the computer."""


class Cancelled(FlashError):
    """The person asked to stop."""

    def __init__(self, message: str = "Stopped before the end.") -> None:
        super().__init__(message)
