# SPDX-License-Identifier: GPL-3.0-or-later
"""The IDE's REPL kept off a board's port while Snek is installed on it, and connected after."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from snekide.device.exceptions import DeviceError
from snekide.device.usb import DeviceChoice
from snekide.flash.images import BoardSpec

INSTALLING = "Snek is being installed on this robot. Wait until that is done."


class ParkedBoard:
    """Stands in for the board while it is being written: every call says to wait."""

    on_output: Callable[[str], None]
    on_prompt: Callable[[], None]
    on_disconnect: Callable[[str], None]

    def start(self) -> None:
        pass

    def close(self) -> None:
        pass

    def _wait(self, *args: Any, **kwargs: Any) -> Any:
        raise DeviceError(INSTALLING)

    run_line = stop = put = get = reset = _wait


def board_choice(port: str, spec: BoardSpec, serial_number: str | None = None) -> DeviceChoice:
    """How Connect would describe this board: the REPL reconnects to it with this."""
    behind_bridge = spec.method == "stk500"
    return DeviceChoice(f"{spec.label} ({port})", "serial", port, serial_number,
                        needs_pacing=behind_bridge, generic_bridge=False,
                        resets_on_open=behind_bridge)


def _same_port(a: str | None, b: str) -> bool:
    return a is not None and os.path.realpath(a) == os.path.realpath(b)


class IdeLink:
    """What the install dialog does to the IDE's connection (a snekide.connection.Connection)."""

    def __init__(self, connection: Any | None) -> None:
        self.connection = connection
        self._before: Any = None    # what the REPL was connected to before we took the port

    def release(self, port: str) -> Any | None:
        """Take port from the REPL if it is on it; the returned job (if any) finishes once
        the port is closed."""
        c = self.connection
        if c is None or not c.is_connected or self._before is not None:
            return None
        choice = c.last_choice
        if getattr(choice, "kind", None) != "serial" or not _same_port(choice.port, port):
            return None
        self._before = choice
        parked = DeviceChoice("Installing Snek…", "serial", port, None, needs_pacing=False,
                              generic_bridge=False)
        return c.connect_to(parked, factory=lambda _choice: ParkedBoard())

    def connect(self, port: str, spec: BoardSpec, serial_number: str | None = None) -> None:
        """Connect the REPL to the freshly written board."""
        self._before = None
        if self.connection is not None:
            self.connection.connect_to(board_choice(port, spec, serial_number))

    def restore(self) -> None:
        """Give the REPL back the board it had, if we took it and wrote nothing."""
        before, self._before = self._before, None
        if before is not None and self.connection is not None:
            self.connection.connect_to(before)
