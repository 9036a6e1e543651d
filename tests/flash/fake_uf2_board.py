# SPDX-License-Identifier: GPL-3.0-or-later
"""A SAMD21 board with a UF2 bootloader, as the installer meets it, for tests.

Running, it is a serial port (a pty at `link`) whose Snek echoes DC4. Opened
at 1200 baud, it restarts into its bootloader: the port goes away and its
drive (the folder `drive`) shows INFO_UF2.TXT. A .UF2 file copied there is
read block by block, with parsing of its own (not snekide's), and flashed
once every block of the file has come; then the drive goes away and the port
comes back. Like a real bootloader it skips blocks for another chip family
and never writes its own first 8 KB.
"""

from __future__ import annotations

import os
import struct
import termios
import threading
import time
import tty
from pathlib import Path

SAMD21 = 0x68ED2B88
BOOTLOADER_END = 0x2000
FLASH_END = 0x40000
INFO = ("UF2 Bootloader v3.14.0 SFHWRO\r\nModel: Snekboard\r\n"
        "Board-ID: {board_id}\r\nDate: Jan  1 2024\r\n")


class FakeUf2Board:
    def __init__(self, link: Path, drive: Path, *, board_id: str = "SAMD21G18A-Snekboard-v0",
                 family: int = SAMD21, enters_bootloader: bool = True,
                 in_bootloader: bool = False) -> None:
        self.link = link
        self.drive = drive
        self.board_id = board_id
        self.family = family
        self.enters_bootloader = enters_bootloader
        self.flash: dict[int, bytes] = {}
        #: Each file the bootloader took: a list of (header words, payload) per block.
        self.files: list[list[tuple[tuple[int, ...], bytes]]] = []
        self.touches = 0
        self.restarts = 0
        self._master = self._slave = -1
        self._stop = threading.Event()
        self.drive.mkdir(parents=True, exist_ok=True)
        if in_bootloader:
            self._show_drive()
        else:
            self._start_port()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    # -- the two states --------------------------------------------------------

    @property
    def in_bootloader(self) -> bool:
        return (self.drive / "INFO_UF2.TXT").exists()

    def _start_port(self) -> None:
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        os.set_blocking(self._master, False)
        tmp = self.link.with_name(self.link.name + ".new")
        os.symlink(os.ttyname(self._slave), tmp)
        os.replace(tmp, self.link)

    def _stop_port(self) -> None:
        self.link.unlink(missing_ok=True)
        for fd in (self._master, self._slave):
            if fd >= 0:
                os.close(fd)
        self._master = self._slave = -1

    def _show_drive(self) -> None:
        (self.drive / "INFO_UF2.TXT").write_text(INFO.format(board_id=self.board_id))

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._master >= 0:
                self._serve_port()
            elif self.in_bootloader:
                self._watch_drive()
            time.sleep(0.02)

    def _serve_port(self) -> None:
        try:
            data = os.read(self._master, 4096)
        except BlockingIOError:
            data = b""
        except OSError:
            data = b""
        if b"\x14" in data:
            os.write(self._master, b"\x14" * data.count(b"\x14"))
        speed = termios.tcgetattr(self._slave)[5]
        if speed == termios.B1200:
            self.touches += 1
            if self.enters_bootloader:
                self._stop_port()
                self._show_drive()
            else:
                attrs = termios.tcgetattr(self._slave)
                attrs[4] = attrs[5] = termios.B115200
                termios.tcsetattr(self._slave, termios.TCSANOW, attrs)

    def _watch_drive(self) -> None:
        for file in self.drive.glob("*.[Uu][Ff]2"):
            blocks = self._complete(file.read_bytes())
            if blocks is None:
                continue
            self.files.append(blocks)
            for words, payload in blocks:
                flags, address, family = words[2], words[3], words[7]
                if flags & 0x2000 and family != self.family:
                    continue
                if BOOTLOADER_END <= address and address + len(payload) <= FLASH_END:
                    self.flash[address] = payload
            # Restart into the new firmware: the drive goes, the port comes back.
            file.unlink()
            (self.drive / "INFO_UF2.TXT").unlink()
            time.sleep(0.2)
            self.restarts += 1
            self._start_port()
            return

    @staticmethod
    def _complete(raw: bytes):
        """The file's blocks once all have arrived (as its block count says), else None."""
        blocks = []
        for at in range(0, len(raw) - len(raw) % 512, 512):
            block = raw[at:at + 512]
            words = struct.unpack("<8I", block[:32])
            (end,) = struct.unpack("<I", block[508:])
            if words[0] != 0x0A324655 or words[1] != 0x9E5D5157 or end != 0x0AB16F30:
                return None
            blocks.append((words, block[32:32 + words[4]]))
        if not blocks or len(blocks) != blocks[0][0][6]:
            return None
        return blocks

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self._stop_port()
