# SPDX-License-Identifier: GPL-3.0-or-later
"""Writing Snek to a SAMD21 board (Snekboard, Metro M0...) through its UF2 bootloader's USB drive.

Opening the board's serial port at 1200 baud and closing it (the "1200-baud
touch") makes it restart into its bootloader, which shows a small USB drive
holding INFO_UF2.TXT. On Linux udisks mounts it (under /media/USER or
/run/media/USER); we find it among the mount points by that file, check
from it that the board's chip is the one the image is for, and copy the
image onto it, synced to the device. The bootloader flashes each block as
it arrives and, once it has them all, restarts the board: the drive goes
away and the board's serial port comes back. Its first 8 KB, where the
bootloader lives, are outside every block we write.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import serial

from snekide.flash import uf2
from snekide.flash.errors import Cancelled, FlashError
from snekide.flash.images import Image
from snekide.flash.outcome import Progress, Written, never, no_progress
from snekide.flash.port import Opener, open_port

INFO = "INFO_UF2.TXT"
#: The file name we give the image on the drive (any name ending in .UF2 works).
TARGET = "SNEK.UF2"
TOUCH_BAUD = 1200
#: Snek's console: any rate works on USB; it echoes DC4 at once (the autobaud ping).
SNEK_BAUD = 115200
DC4 = b"\x14"
#: Seconds to wait: for the drive after the touch, for it to go after the
#: write, for the serial port after that.
DRIVE_WAIT = 15.0
ACCEPT_WAIT = 15.0
PORT_WAIT = 15.0
POLL = 0.1
#: Blocks written between progress reports (and cancel checks).
CHUNK = 32


@dataclass(frozen=True)
class BootDrive:
    """A mounted UF2 bootloader drive and what its INFO_UF2.TXT says."""
    path: Path
    info: dict[str, str]

    @property
    def board_id(self) -> str:
        return self.info.get("Board-ID", "")

    @property
    def family(self) -> int | None:
        """The UF2 family of the board's chip, from the start of its Board-ID."""
        chip = self.board_id.upper().replace("-", "")
        for name, family in uf2.FAMILIES.items():
            if chip.startswith(name):
                return family
        return None

    @property
    def bootloader(self) -> str:
        return self.info.get("", "").strip() or "UF2"


def read_info(text: str) -> dict[str, str]:
    """INFO_UF2.TXT as a dict: "Key: value" lines; the first line (the bootloader) under ""."""
    info: dict[str, str] = {}
    for number, line in enumerate(text.splitlines()):
        key, colon, value = line.partition(":")
        if number == 0 and (not colon or " " in key.strip()):
            info[""] = line.strip()
        elif colon:
            info[key.strip()] = value.strip()
    return info


def mount_points(mounts: Path = Path("/proc/self/mounts")) -> list[Path]:
    """Where file systems are mounted (udisks mounts USB drives under /media and /run/media)."""
    places: list[Path] = []
    try:
        lines = mounts.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        lines = []
    for line in lines:
        fields = line.split()
        if len(fields) >= 2:
            # Spaces and the like are written as octal escapes (\040).
            places.append(Path(fields[1].encode().decode("unicode_escape")))
    for base in (Path("/media"), Path("/run/media")):
        try:
            places += [p for user in base.iterdir() if user.is_dir() for p in user.iterdir()]
        except OSError:
            pass
    return list(dict.fromkeys(places))


def find_drives(places: Iterable[Path] | None = None) -> list[BootDrive]:
    """The UF2 bootloader drives among places (the mount points if None)."""
    drives = []
    for place in (mount_points() if places is None else places):
        try:
            text = (Path(place) / INFO).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        drives.append(BootDrive(Path(place), read_info(text)))
    return drives


def touch_1200(port: str, opener: Opener = serial.Serial) -> None:
    """Ask the board's running firmware to restart into its bootloader."""
    ser = open_port(port, TOUCH_BAUD, timeout=0.5, opener=opener)
    try:
        try:
            ser.dtr = False
        except OSError:
            pass    # a pseudo-terminal has no DTR: the speed alone tells the board
    finally:
        ser.close()


def snek_answers(port: str, opener: Opener = serial.Serial) -> bool:
    """Whether Snek runs behind port: its console echoes DC4 at once."""
    if not os.path.exists(port):
        return False
    try:
        ser = open_port(port, SNEK_BAUD, timeout=0.5, opener=opener)
    except FlashError:
        return False
    try:
        ser.write(DC4)
        return bytes(ser.read(1)) == DC4
    except (OSError, serial.SerialException):
        return False
    finally:
        ser.close()


def _wait(condition: Callable[[], Any], seconds: float, cancelled: Callable[[], bool]) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        result = condition()
        if result or time.monotonic() >= deadline:
            return result
        if cancelled():
            raise Cancelled()
        time.sleep(POLL)


def _the_drive(image: Image, port: str, places: Iterable[Path] | None, opener: Opener,
               cancelled: Callable[[], bool]) -> BootDrive:
    spec = image.board
    places = None if places is None else list(places)
    drives = find_drives(places)
    if not drives:
        if port and os.path.exists(port):
            touch_1200(port, opener)
        drives = _wait(lambda: find_drives(places), DRIVE_WAIT, cancelled)
    if not drives:
        raise FlashError(f"The {spec.label} did not show its USB drive (a drive with "
                         f"{INFO} on it). Press its reset button twice quickly, wait for the "
                         "drive to appear, and try again.")
    if len(drives) > 1:
        names = ", ".join(str(d.path) for d in drives)
        raise FlashError(f"More than one board is waiting to be written ({names}). "
                         "Plug in one board at a time and try again.")
    drive = drives[0]
    if drive.family != image.board.uf2_family:
        chip = drive.board_id or "an unknown chip"
        raise FlashError(f"The board on {drive.path} says it is {chip}, but this Snek is for "
                         f"{uf2.family_name(spec.uf2_family)} boards like the {spec.label}. "
                         "Choose the right board and try again.")
    return drive


def _gone(drive: BootDrive) -> bool:
    try:
        return not (drive.path / INFO).is_file()
    except OSError:
        return True


def _write(drive: BootDrive, blocks: bytes, progress: Progress,
           cancelled: Callable[[], bool]) -> None:
    total = len(blocks) // uf2.BLOCK
    target = drive.path / TARGET
    step = CHUNK * uf2.BLOCK
    try:
        with open(target, "wb") as out:
            for at in range(0, len(blocks), step):
                if cancelled():
                    raise Cancelled("Stopped. The board stays in its bootloader (its drive is "
                                    "still there): install again to finish.")
                out.write(blocks[at:at + step])
                out.flush()
                progress("writing", min(total, (at + step) // uf2.BLOCK), total)
            os.fsync(out.fileno())
    except OSError as error:
        # The bootloader restarts the board once it has every block, and
        # the drive may vanish before the last metadata is synced: that is
        # success, not a failure.
        if not _gone(drive):
            raise FlashError(f"Could not write Snek to the board's drive {drive.path}: "
                             f"{error.strerror or error}. Try again.") from error


def install(image: Image, port: str, progress: Progress = no_progress,
            cancelled: Callable[[], bool] = never, *, places: Iterable[Path] | None = None,
            opener: Opener = serial.Serial) -> Written:
    """Put image on the board at port (or already in its bootloader) through its UF2 drive.

    places: where to look for the drive (the mount points if None).
    """
    spec = image.board
    began = time.monotonic()
    blocks = image.uf2_blocks or uf2.encode(b"".join(image.pages.values()), spec.app_start,
                                            spec.uf2_family)
    total = len(blocks) // uf2.BLOCK
    progress("connecting", 0, total)
    drive = _the_drive(image, port, places, opener, cancelled)
    _write(drive, blocks, progress, cancelled)
    progress("checking", 0, 2)
    if not _wait(lambda: _gone(drive), ACCEPT_WAIT, cancelled):
        raise FlashError(f"The {spec.label} did not take the image: its drive {drive.path} is "
                         "still there. Unplug the board, plug it in again and try again.")
    progress("checking", 1, 2)
    if not _wait(lambda: snek_answers(port, opener), PORT_WAIT, cancelled):
        raise FlashError(f"The {spec.label} took the image, but Snek did not answer on its "
                         f"serial port {port} afterwards. Unplug the board, plug it in again "
                         "and press Connect; if Snek still does not answer, install again.")
    progress("checking", 2, 2)
    return Written(total, image.size, drive.bootloader, time.monotonic() - began, port)
