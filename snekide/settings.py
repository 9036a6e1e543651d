# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the IDE keeps its own files (journal, history, snapshots, simulator storage) and its
remembered choices."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

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


def simulator_eeprom(board: str = "snekboard") -> Path:
    """The simulator's program storage (kept between sessions, like a real board's): one per
    simulated board, so a program stored on the big board never lands in the Uno's."""
    if board in ("", "snekboard"):
        return data_dir() / "simulator.eeprom"
    return data_dir() / f"simulator-{board}.eeprom"


#: Preferences key: the folder the student last opened or saved a program in.
PROGRAMS_FOLDER = "programs_folder"


def programs_dir() -> Path:
    """Where Open and Save look first: the folder used last, else the Documents folder."""
    remembered = Preferences().get(PROGRAMS_FOLDER)
    if isinstance(remembered, str) and Path(remembered).is_dir():
        return Path(remembered)
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


def remember_programs_dir(folder: Path) -> None:
    """Open and Save start here next time (quietly skipped if it cannot be written)."""
    try:
        Preferences().set(PROGRAMS_FOLDER, str(folder))
    except OSError:
        pass


def preferences_file() -> Path:
    """The IDE's remembered choices (board, folders), as JSON."""
    return data_dir() / "settings.json"


class Preferences:
    """Small remembered choices, kept as JSON: a damaged or missing file means defaults."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else preferences_file()

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, key: str, default: Any = None) -> Any:
        return self._read().get(key, default)

    def set(self, key: str, value: Any) -> None:
        """Remember value under key (raises OSError when the folder cannot be written)."""
        from snekide.journal import write_atomic

        data = self._read()
        data[key] = value
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8"))
