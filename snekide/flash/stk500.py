# SPDX-License-Identifier: GPL-3.0-or-later
"""Writing Snek through an ATmega328P's STK500v1 bootloader (Optiboot, ATmegaBOOT) on a serial port.

Each command ends with CRC_EOP (0x20); the bootloader answers INSYNC
(0x14), any data, then OK (0x10). Addresses are in 16-bit words. The steps:
reset by DTR, GET_SYNC until the bootloader answers, READ_SIGN (the chip
must be the board's), ENTER_PROGMODE, PROG_PAGE for each page of the
image, READ_PAGE for each page again to compare, LEAVE_PROGMODE (the
bootloader then starts Snek). Only the application area is written: the
bootloader, which sits above it, is never touched, so a board whose
writing was cut off still starts its bootloader after a reset and can be
written again. See docs/flashing.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import serial

from snekide.flash.errors import Cancelled, FlashError
from snekide.flash.images import Image
from snekide.flash.outcome import Progress, Written, never, no_progress
from snekide.flash.port import Opener, open_port, pulse_dtr

STK_OK = 0x10
STK_INSYNC = 0x14
CRC_EOP = 0x20
GET_SYNC = 0x30
GET_PARAMETER = 0x41
ENTER_PROGMODE = 0x50
LEAVE_PROGMODE = 0x51
LOAD_ADDRESS = 0x55
PROG_PAGE = 0x64
READ_PAGE = 0x74
READ_SIGN = 0x75
PARM_SW_MAJOR = 0x81
PARM_SW_MINOR = 0x82
FLASH = ord("F")

#: Each try: reset the board, then ask for sync for a while. Optiboot waits
#: 1 s after a reset, ATmegaBOOT about 0.7 s for each byte.
RESET_TRIES = 3
SYNC_ASKS = 8
SYNC_WAIT = 0.15
#: The longest a bootloader takes to answer one command (a page write is ~5 ms).
REPLY_WAIT = 1.0

#: Chips people plug in by mistake, by signature.
CHIPS = {
    b"\x1e\x95\x0f": "ATmega328P", b"\x1e\x95\x14": "ATmega328", b"\x1e\x94\x06": "ATmega168",
    b"\x1e\x94\x0b": "ATmega168P", b"\x1e\x93\x07": "ATmega8", b"\x1e\x98\x01": "ATmega2560",
    b"\x1e\x95\x87": "ATmega32U4",
}


class NoAnswer(FlashError):
    """The bootloader did not answer a command in time."""


class Bootloader:
    """An STK500v1 bootloader on an open serial port."""

    def __init__(self, ser: Any, doing: str = "talking to the board") -> None:
        self.ser = ser
        #: What we are doing, for messages: "writing page 12 of 230".
        self.doing = doing

    # -- bytes on the wire ------------------------------------------------------

    def _write(self, data: bytes) -> None:
        try:
            self.ser.write(data)
        except serial.SerialTimeoutException as error:
            raise NoAnswer(self._stopped()) from error
        except (OSError, serial.SerialException) as error:
            raise FlashError(self._gone()) from error

    def _read(self, count: int, wait: float) -> bytes:
        self.ser.timeout = wait
        try:
            return bytes(self.ser.read(count))
        except (OSError, serial.SerialException) as error:
            raise FlashError(self._gone()) from error

    def _gone(self) -> str:
        return (f"The board's port went away while {self.doing}: was the cable pulled? "
                "Plug it in again and install again; the board's bootloader is not "
                "touched, so installing again will work.")

    def _stopped(self) -> str:
        return (f"The board stopped answering while {self.doing}. Check the cable and "
                "install again; the board's bootloader is not touched, so installing "
                "again will work.")

    def drain(self, quiet: float = 0.05) -> bytes:
        """Read until the line has been quiet for `quiet` seconds: late or stray bytes."""
        got = b""
        while chunk := self._read(4096, quiet):
            got += chunk
        return got

    def command(self, body: bytes, answer: int = 0) -> bytes:
        """Send body + CRC_EOP; return the answer's `answer` data bytes."""
        self._write(body + bytes([CRC_EOP]))
        reply = self._read(answer + 2, REPLY_WAIT)
        if len(reply) < answer + 2:
            raise NoAnswer(self._stopped())
        if reply[0] != STK_INSYNC or reply[-1] != STK_OK:
            raise FlashError(f"The board answered something unexpected while {self.doing}. "
                             "Install again; the bootloader is not touched, so installing "
                             "again will work.")
        return reply[1:-1]

    # -- commands ---------------------------------------------------------------

    def sync(self, cancelled: Callable[[], bool] = never) -> bool:
        """Ask GET_SYNC until the bootloader answers twice in a row (SYNC_ASKS tries)."""
        for _ in range(SYNC_ASKS):
            if cancelled():
                raise Cancelled()
            self._write(bytes([GET_SYNC, CRC_EOP]))
            if self._read(2, SYNC_WAIT) == bytes([STK_INSYNC, STK_OK]):
                # Answers to earlier asks may still come: drop them, then ask once more.
                self.drain()
                self._write(bytes([GET_SYNC, CRC_EOP]))
                if self._read(2, SYNC_WAIT) == bytes([STK_INSYNC, STK_OK]):
                    return True
            self.drain(0.01)
        return False

    def signature(self) -> bytes:
        return self.command(bytes([READ_SIGN]), 3)

    def version(self) -> str:
        major = self.command(bytes([GET_PARAMETER, PARM_SW_MAJOR]), 1)[0]
        minor = self.command(bytes([GET_PARAMETER, PARM_SW_MINOR]), 1)[0]
        return f"{major}.{minor}"

    def enter_programming(self) -> None:
        self.command(bytes([ENTER_PROGMODE]))

    def leave_programming(self) -> None:
        self.command(bytes([LEAVE_PROGMODE]))

    def load_address(self, address: int) -> None:
        word = address // 2
        self.command(bytes([LOAD_ADDRESS, word & 0xFF, word >> 8]))

    def write_page(self, address: int, data: bytes) -> None:
        self.load_address(address)
        self.command(bytes([PROG_PAGE, len(data) >> 8, len(data) & 0xFF, FLASH]) + data)

    def read_page(self, address: int, size: int) -> bytes:
        self.load_address(address)
        return self.command(bytes([READ_PAGE, size >> 8, size & 0xFF, FLASH]), size)


def _chip_name(signature: bytes) -> str:
    hex_text = " ".join(f"{b:02X}" for b in signature)
    name = CHIPS.get(signature)
    return f"an {name} (signature {hex_text})" if name else f"a chip with signature {hex_text}"


def _reach_bootloader(loader: Bootloader, image: Image,
                      cancelled: Callable[[], bool]) -> None:
    spec = image.board
    for _ in range(RESET_TRIES):
        pulse_dtr(loader.ser)
        try:
            # What the old program printed is not for us (on the simulator
            # this flush is also what resets the chip, see avrsim).
            loader.ser.reset_input_buffer()
        except (OSError, serial.SerialException) as error:
            raise FlashError(loader._gone()) from error
        if loader.sync(cancelled):
            return
    raise FlashError(
        f"The {spec.label} did not start its bootloader. Check that the board really is an "
        f"{spec.label} (its bootloader talks at {spec.baudrate} baud), press its reset "
        "button just before installing, and try again.")


def install(image: Image, port: str, progress: Progress = no_progress,
            cancelled: Callable[[], bool] = never, opener: Opener = serial.Serial) -> Written:
    """Write image to the board on port and read every page back; FlashError if anything fails."""
    spec = image.board
    began = time.monotonic()
    pages = list(image.pages.items())
    ser = open_port(port, spec.baudrate, timeout=REPLY_WAIT, opener=opener)
    loader = Bootloader(ser, "starting the bootloader")
    try:
        progress("connecting", 0, len(pages))
        _reach_bootloader(loader, image, cancelled)
        loader.doing = "reading the chip's signature"
        signature = loader.signature()
        if signature != spec.signature:
            raise FlashError(f"This board's chip is {_chip_name(signature)}, but Snek for the "
                             f"{spec.label} needs {_chip_name(spec.signature)}. "
                             "Choose the right board and try again.")
        version = loader.version()
        loader.enter_programming()
        for number, (address, data) in enumerate(pages, 1):
            if cancelled():
                raise Cancelled(_stopped_halfway(spec.label))
            loader.doing = f"writing page {number} of {len(pages)}"
            loader.write_page(address, data)
            progress("writing", number, len(pages))
        for number, (address, data) in enumerate(pages, 1):
            if cancelled():
                raise Cancelled(_stopped_halfway(spec.label))
            loader.doing = f"checking page {number} of {len(pages)}"
            if loader.read_page(address, len(data)) != data:
                raise FlashError(f"The board did not keep what was written: the page at "
                                 f"0x{address:04X} reads back different. Install again; if "
                                 "it happens again, the board's chip may be worn out.")
            progress("checking", number, len(pages))
        loader.doing = "leaving the bootloader"
        loader.leave_programming()
    finally:
        try:
            ser.close()
        except (OSError, serial.SerialException):
            pass
    return Written(len(pages), image.size, version, time.monotonic() - began, port)


def _stopped_halfway(label: str) -> str:
    return (f"Stopped. Snek is only partly written, so the {label} will not run it until "
            "you install again; its bootloader is not touched, so installing again will work.")
