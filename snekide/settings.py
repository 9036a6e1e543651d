# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the IDE keeps its own files: journal, history, snapshots, simulator storage."""

from __future__ import annotations

import os
from pathlib import Path

#: Environment variable that moves every IDE file elsewhere (used by the tests).
DATA_DIR_ENV = "SNEKIDE_DATA_DIR"


def data_dir(create: bool = True) -> Path:
    """The user data folder (created on first use, unless create is False)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        folder = Path(override)
    else:
        import platformdirs

        folder = Path(platformdirs.user_data_dir("snekide", appauthor=False))
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def journal_dir() -> Path:
    """Autosave journal of every open editor buffer."""
    return data_dir() / "journal"


def snapshots_dir() -> Path:
    """Copies of text that was about to be replaced or thrown away."""
    return data_dir() / "snapshots"


def history_dir() -> Path:
    """A copy of every program put to a robot."""
    return data_dir() / "history"


def simulator_eeprom() -> Path:
    """The simulator's program storage (kept between sessions, like a real board's)."""
    return data_dir() / "simulator.eeprom"


def programs_dir() -> Path:
    """Where Open and Save look first."""
    import platformdirs

    folder = Path(platformdirs.user_documents_dir())
    return folder if folder.is_dir() else Path.home()


#: Data shipped with snekide: copied into the package by setup.py, or the checkout's folders.
_SHIPPED = (Path(__file__).resolve().parent / "data", Path(__file__).resolve().parent.parent)


def shipped(name: str) -> Path:
    """Data that ships with snekide: the "lessons" and "themes" folders, "snekide.desktop"..."""
    for base in _SHIPPED:
        if (base / name).exists():
            return base / name
    return _SHIPPED[-1] / name
