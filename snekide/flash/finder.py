# SPDX-License-Identifier: GPL-3.0-or-later
"""The serial ports a board may be on, and which board each USB id says it is."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from serial.tools import list_ports

from snekide.device.usb import describe_port
from snekide.flash.images import BOARDS


@dataclass(frozen=True)
class FoundPort:
    """A port to offer, with the board its USB id names (None: ask which board it is)."""
    port: str
    label: str
    board: str | None
    serial_number: str | None = None


def board_for(vid: int | None, pid: int | None) -> str | None:
    """The board whose USB id this is, if only one kind of board has it."""
    for name, spec in BOARDS.items():
        if (vid, pid) in spec.usb_ids:
            return name
    return None


def find_ports(comports: Callable[[], Iterable[Any]] = list_ports.comports) -> list[FoundPort]:
    """Ports with a known board first, then USB-serial adapters (a Duemilanove, maybe)."""
    found = []
    for info in sorted(comports(), key=lambda p: p.device):
        kind = describe_port(info)
        board = board_for(getattr(info, "vid", None), getattr(info, "pid", None))
        if kind is None and board is None:
            continue
        name = BOARDS[board].label if board else (kind.name if kind else "USB serial")
        found.append(FoundPort(info.device, f"{name} ({info.device})", board,
                               getattr(info, "serial_number", None) or None))
    return sorted(found, key=lambda f: f.board is None)
