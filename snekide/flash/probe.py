# SPDX-License-Identifier: GPL-3.0-or-later
"""Which Snek a board runs, from the banner it prints when it starts."""

from __future__ import annotations

import time

import serial

from snekide.flash.errors import FlashError
from snekide.flash.images import BoardSpec, version_in
from snekide.flash.port import Opener, open_port, pulse_dtr

#: Snek's console speed on UART boards (16 MHz ATmega328P; USB boards take any).
SNEK_BAUD = 115200
#: A board behind a USB-serial bridge restarts when its port opens and
#: prints its banner after its bootloader has waited (about 1.5 s on an Uno).
BANNER_WAIT = 4.0


def board_version(port: str, spec: BoardSpec, wait: float = BANNER_WAIT,
                  opener: Opener = serial.Serial) -> str | None:
    """The Snek version the board at port announces as it restarts, or None if none does.

    Only boards that restart when their port opens (STK500 boards) print a
    banner for us; FlashError if the port cannot be opened.
    """
    if spec.method != "stk500":
        return None
    ser = open_port(port, SNEK_BAUD, timeout=0.1, opener=opener)
    try:
        pulse_dtr(ser)
        seen = b""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                seen += bytes(ser.read(256))
            except (OSError, serial.SerialException) as error:
                raise FlashError(f"The board's port {port} went away.") from error
            version = version_in(seen)
            if version:
                return version
        return None
    finally:
        ser.close()
