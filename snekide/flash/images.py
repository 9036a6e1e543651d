# SPDX-License-Identifier: GPL-3.0-or-later
"""The boards Snek installs on, the images that ship inside snekide, and reading an image file.

A non-editable build (setup.py) compiles the firmware and puts the images in
``images/`` beside this file, with ``built.json`` saying which were built and,
for the others, why not (a missing compiler, a port not written yet). A
checkout uses ``firmware/build/`` instead, as ``make -C firmware uno`` leaves it.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from snekide.device.samd21_boards import SAMD21_BOARDS
from snekide.flash import uf2
from snekide.flash.errors import FlashError

PACKAGED = Path(__file__).resolve().parent / "images"
#: What setup.py built into PACKAGED: {file name: {"built": bool, "missing": "port",
#: "compiler" or "", "why": words}}.
BUILD_REPORT = PACKAGED / "built.json"
CHECKOUT = Path(__file__).resolve().parents[2] / "firmware"

#: Every Snek image prints this at boot, followed by its version.
BANNER = b"Welcome to Snek "
_VERSION = re.compile(rb"Welcome to Snek ([0-9A-Za-z.+~-]{1,24})\r?\n")


@dataclass(frozen=True)
class BoardSpec:
    """A kind of board: how Snek gets onto it and where it may go."""
    name: str               # the --board value
    label: str              # what people call it
    method: str             # "stk500" (AVR bootloader on serial) or "uf2" (USB drive)
    image_name: str         # the shipped image's file name
    make_target: str        # `make -C firmware TARGET` builds it into build/TARGET/
    toolchain: str          # the Debian packages whose compiler builds it
    chip: str
    app_start: int          # the application area: [app_start, app_end)
    app_end: int
    page_size: int
    baudrate: int = 0       # the bootloader's line speed (stk500)
    signature: bytes = b""  # the chip's signature bytes (stk500)
    uf2_family: int = 0     # the UF2 family id (uf2)
    usb_ids: tuple[tuple[int, int], ...] = field(default=())


#: The ATmega328P: 32 KB of flash in 128-byte pages. Optiboot keeps the top
#: 512 bytes, ATmegaBOOT the top 2 KB.
ATMEGA328P = b"\x1e\x95\x0f"

BOARDS: dict[str, BoardSpec] = {
    "uno": BoardSpec(
        "uno", "Arduino Uno", "stk500", "snek-uno.hex", "uno", "gcc-avr and avr-libc",
        "ATmega328P", 0, 0x7E00, 128, baudrate=115200, signature=ATMEGA328P,
        usb_ids=((0x2341, 0x0043), (0x2341, 0x0001))),
    "duemilanove": BoardSpec(
        "duemilanove", "Arduino Duemilanove", "stk500", "snek-uno.hex", "uno",
        "gcc-avr and avr-libc", "ATmega328P", 0, 0x7800, 128, baudrate=57600,
        signature=ATMEGA328P),
    "snekboard": BoardSpec(
        "snekboard", "Snekboard", "uf2", "snek-snekboard.uf2", "snekboard",
        "gcc-arm-none-eabi and picolibc-arm-none-eabi", "SAMD21", uf2.SAMD21_APP_START,
        uf2.SAMD21_FLASH_END, uf2.PAYLOAD, uf2_family=uf2.FAMILY_SAMD21,
        usb_ids=(SAMD21_BOARDS["snekboard"][1:],)),
}


def board(name: str) -> BoardSpec:
    try:
        return BOARDS[name]
    except KeyError:
        raise FlashError(f"Unknown board {name!r}: choose one of {', '.join(BOARDS)}.") from None


@dataclass(frozen=True)
class Image:
    """An image checked for a board: its bytes by page, ready to write."""
    path: Path
    board: BoardSpec
    pages: dict[int, bytes]     # page address -> page_size bytes (0xFF where the file has none)
    size: int                   # bytes the file gives
    version: str | None         # from the banner text inside the image
    uf2_blocks: bytes = b""     # a UF2 image's file, written as it is

    @property
    def end(self) -> int:
        return max(self.pages) + self.board.page_size if self.pages else self.board.app_start


def version_in(data: bytes) -> str | None:
    """The Snek version an image prints at boot, read from its banner text."""
    match = _VERSION.search(data)
    return match.group(1).decode("ascii") if match else None


# -- the shipped images ---------------------------------------------------------

def shipped_image(spec: BoardSpec) -> Path:
    """The image for spec that ships with this snekide; FlashError says why there is none."""
    packaged = PACKAGED / spec.image_name
    if packaged.is_file():
        return packaged
    checkout = CHECKOUT / "build" / spec.make_target / spec.image_name
    if (CHECKOUT / "Makefile").is_file():
        if checkout.is_file():
            return checkout
        raise FlashError(f"Snek for the {spec.label} is not built yet in this checkout: "
                         f"run make -C firmware {spec.make_target} (it needs {spec.toolchain}).")
    raise FlashError(missing_reason(spec))


def missing_reason(spec: BoardSpec) -> str:
    """Why an installed snekide has no image for spec, as its build recorded it."""
    entry: dict[str, str] = {}
    try:
        entry = dict(json.loads(BUILD_REPORT.read_text(encoding="utf-8"))[spec.image_name])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    why = f" ({entry['why']})" if entry.get("why") else ""
    if entry.get("missing") == "port":
        remedy = "A newer snekide may have it"
    else:
        remedy = (f"Whoever installs snekide can add it by installing {spec.toolchain} "
                  "and building snekide again")
    return (f"This snekide was built without Snek for the {spec.label}{why}. {remedy}; "
            "or choose a Snek image file.")


# -- reading an image file ------------------------------------------------------

def load(spec: BoardSpec, path: Path | None = None) -> Image:
    """Read and check the image at path (the shipped one if None) for spec."""
    path = shipped_image(spec) if path is None else Path(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise FlashError(f"Could not read the Snek image {path}: "
                         f"{error.strerror or error}.") from error
    if spec.method == "uf2":
        return _load_uf2(spec, path, raw)
    return _load_hex(spec, path, raw)


def _damaged(path: Path, detail: str) -> FlashError:
    return FlashError(f"The Snek image {path.name} is damaged ({detail}). "
                      "Use the image that came with snekide, or build it again.")


def _load_hex(spec: BoardSpec, path: Path, raw: bytes) -> Image:
    from intelhex import IntelHex, IntelHexError

    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise _damaged(path, "it is not an Intel HEX text file") from None
    hexfile = IntelHex()
    try:
        hexfile.loadhex(io.StringIO(text))
    except IntelHexError as error:
        raise _damaged(path, str(error).rstrip(".").lower()) from error
    # intelhex stops at the end record but does not ask for one: a file cut
    # off at the end of a line would load as a shorter program.
    records = [line.strip() for line in text.splitlines() if line.strip()]
    if not records or records[-1][7:9] != "01":
        raise _damaged(path, "it ends before its end record: part of it is missing")
    segments = hexfile.segments()
    if not segments:
        raise _damaged(path, "it holds no program")
    start, end = segments[0][0], segments[-1][1]
    data = bytes(hexfile.tobinarray(start=start, end=end - 1))
    _check_room(spec, path, start, end)
    pages: dict[int, bytes] = {}
    size = 0
    for seg_start, seg_end in segments:
        size += seg_end - seg_start
        first = seg_start - seg_start % spec.page_size
        for page in range(first, seg_end, spec.page_size):
            if page not in pages:
                pages[page] = bytes(hexfile.tobinarray(start=page, size=spec.page_size))
    return Image(path, spec, dict(sorted(pages.items())), size, version_in(data))


def _check_room(spec: BoardSpec, path: Path, start: int, end: int) -> None:
    room = spec.app_end - spec.app_start
    if not spec.app_start <= start < spec.app_end:
        raise FlashError(f"The Snek image {path.name} is not for the {spec.label}: it starts "
                         f"at 0x{start:X}, outside the room for programs beside its bootloader "
                         f"(0x{spec.app_start:X} to 0x{spec.app_end:X}).")
    if end > spec.app_end:
        raise FlashError(f"The Snek image {path.name} is too big for the {spec.label}: "
                         f"{end - spec.app_start:,} bytes, and there is room for {room:,} "
                         "beside its bootloader.")


def _load_uf2(spec: BoardSpec, path: Path, raw: bytes) -> Image:
    try:
        blocks = uf2.decode(raw)
    except uf2.Uf2Error as error:
        raise _damaged(path, str(error)) from error
    family = blocks[0].family
    if family != spec.uf2_family:
        raise FlashError(f"The Snek image {path.name} is for {uf2.family_name(family)} "
                         f"boards, not for the {spec.label} ({spec.chip}).")
    start = min(b.address for b in blocks)
    end = max(b.address + len(b.payload) for b in blocks)
    _check_room(spec, path, start, end)
    pages = {b.address: b.payload for b in sorted(blocks, key=lambda b: b.address)}
    data = b"".join(pages.values())
    return Image(path, spec, pages, len(data), version_in(data), uf2_blocks=raw)

