# SPDX-License-Identifier: GPL-3.0-or-later
"""The keyboard: the keys of the window's commands, and the keys that work while typing."""

from __future__ import annotations

#: Keys of the robot commands, by the name of their button. Menus show them beside the
#: command, and Help ▸ Keyboard shortcuts lists them (read from the menus themselves).
COMMAND_KEYS = {"Run": "F5", "Put": "F6", "Stop": "F7", "Get": "F8"}

#: Keys that are not menu commands: (where, keys, what they do).
TYPING_KEYS = [
    ("REPL", "Enter", "Send the line to the robot"),
    ("REPL", "Up / Down", "Bring back lines typed before"),
    ("REPL", "Ctrl+C", "Stop the robot's program (with text selected: copy it)"),
    ("Editor", "Tab / Shift+Tab", "Push lines in / pull them out"),
    ("Editor", "Ctrl++ / Ctrl+-", "Bigger / smaller text, in the REPL too"),
]


def tip_with_key(tip: str, key: str) -> str:
    """A button's tooltip with its key: 'Stop the robot (F7)'."""
    if not key or tip.endswith(f"({key})"):
        return tip
    return f"{tip} ({key})"
