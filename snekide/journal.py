# SPDX-License-Identifier: GPL-3.0-or-later
"""Autosave journal: every open buffer on disk, so a crash or kill loses nothing."""

from __future__ import annotations

import json
import os
import shutil
import socket
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path

_FORMAT = 1
_OWNER = "owner.json"


@dataclass
class Entry:
    """One editor buffer as last journaled."""

    text: str
    path: str | None = None
    modified: bool = True
    order: int = 0
    name: str = ""
    buffer_id: str = field(default_factory=lambda: uuid.uuid4().hex)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace path with data so that a crash leaves either the old or the new file."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def process_alive(pid: int) -> bool:
    """Whether a process with this id is running on this machine."""
    if pid <= 0:
        return False
    if os.name == "nt":  # pragma: no cover - Windows only
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Journal:
    """A session folder of buffers under folder; sessions whose IDE died are adopted at start."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.session = folder / f"session-{os.getpid()}-{uuid.uuid4().hex[:8]}"

    def start(self) -> list[Entry]:
        """Open this session; return the buffers left behind by IDEs that did not close cleanly."""
        self.session.mkdir(parents=True, exist_ok=True)
        owner = {"pid": os.getpid(), "host": socket.gethostname()}
        write_atomic(self.session / _OWNER, json.dumps(owner).encode())
        adopted: list[Entry] = []
        for other in sorted(self.folder.iterdir()):
            if other == self.session or not other.is_dir() or self._alive(other):
                continue
            adopted.extend(self._adopt(other))
        adopted.sort(key=lambda e: e.order)
        return adopted

    def write(self, entry: Entry) -> None:
        """Journal one buffer (replacing its previous state)."""
        data = json.dumps({"format": _FORMAT, **asdict(entry)}, ensure_ascii=False)
        write_atomic(self._file(entry.buffer_id), data.encode("utf-8"))

    def forget(self, buffer_id: str) -> None:
        """Drop a buffer from the journal (its tab was closed)."""
        self._file(buffer_id).unlink(missing_ok=True)

    def entries(self) -> list[Entry]:
        """The buffers journaled by this session."""
        return sorted(self._read_all(self.session), key=lambda e: e.order)

    def close(self) -> None:
        """A clean exit: nothing left to recover."""
        shutil.rmtree(self.session, ignore_errors=True)

    def park(self) -> None:
        """A clean exit that leaves the buffers for the next start to bring back (raises
        OSError when the journal cannot be written)."""
        owner = {"pid": os.getpid(), "host": socket.gethostname(), "closed": True}
        write_atomic(self.session / _OWNER, json.dumps(owner).encode())

    def _file(self, buffer_id: str) -> Path:
        return self.session / f"{buffer_id}.json"

    @staticmethod
    def _alive(session: Path) -> bool:
        try:
            owner = json.loads((session / _OWNER).read_text())
            pid, host = int(owner["pid"]), str(owner["host"])
            if owner.get("closed") is True:
                return False  # parked by a clean exit: its buffers are for the next start
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return False
        return host != socket.gethostname() or process_alive(pid)

    def _adopt(self, other: Path) -> list[Entry]:
        """Move another session's buffers into this one, then remove its folder."""
        entries = self._read_all(other)
        for entry in entries:
            self.write(entry)
        shutil.rmtree(other, ignore_errors=True)
        return entries

    @staticmethod
    def _read_all(session: Path) -> list[Entry]:
        entries = []
        for file in session.glob("*.json"):
            if file.name == _OWNER:
                continue
            try:
                data = json.loads(file.read_text(encoding="utf-8"))
                entries.append(Entry(text=str(data["text"]), path=data.get("path"),
                                     modified=bool(data.get("modified", True)),
                                     order=int(data.get("order", 0)),
                                 name=str(data.get("name", "")),
                                     buffer_id=str(data.get("buffer_id", file.stem))))
            except (OSError, ValueError, KeyError, TypeError):
                continue  # a damaged entry must not stop the others from coming back
        return entries
