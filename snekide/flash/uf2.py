# SPDX-License-Identifier: GPL-3.0-or-later
"""The UF2 file format: 512-byte blocks, each carrying 256 bytes for one flash address.

Each block: eight little-endian words (two start magics, flags, target
address, payload size, block number, block count, family id), 476 bytes of
room for the payload, then the end magic. A UF2 bootloader flashes each
block's payload at its address and restarts the board once it has all the
file's blocks. See docs/flashing.md.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

BLOCK = 512
PAYLOAD = 256
DATA_ROOM = 476
MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID = 0x00002000
_HEADER = struct.Struct("<8I")
_END = struct.Struct("<I")

#: SAMD21 boards: the UF2 bootloader keeps the first 8 KB of the 256 KB flash.
FAMILY_SAMD21 = 0x68ED2B88
SAMD21_APP_START = 0x2000
SAMD21_FLASH_END = 0x40000

#: Families a teacher may meet, by the chip name INFO_UF2.TXT's Board-ID starts with.
FAMILIES = {
    "SAMD21": FAMILY_SAMD21,
    "SAMD51": 0x55114460,
    "NRF52840": 0xADA52840,
    "RP2040": 0xE48BFF56,
    "STM32F4": 0x57755A57,
    "ESP32S2": 0xBFDD4EEE,
}


class Uf2Error(ValueError):
    """A UF2 file that a bootloader would not flash as it should; str() says why, briefly."""


@dataclass(frozen=True)
class Block:
    number: int
    count: int
    address: int
    family: int
    payload: bytes


def family_name(family: int) -> str:
    for name, value in FAMILIES.items():
        if value == family:
            return name
    return f"family 0x{family:08X}"


def encode(data: bytes, address: int, family: int) -> bytes:
    """data (flashed at address) as UF2 blocks of 256 bytes, the last padded with 0xFF."""
    if address % PAYLOAD:
        raise ValueError(f"address 0x{address:X} is not on a {PAYLOAD}-byte boundary")
    if not data:
        raise ValueError("no data")
    pad = -len(data) % PAYLOAD
    data = bytes(data) + b"\xff" * pad
    count = len(data) // PAYLOAD
    out = bytearray()
    for number in range(count):
        chunk = data[number * PAYLOAD:(number + 1) * PAYLOAD]
        out += _HEADER.pack(MAGIC_START0, MAGIC_START1, FLAG_FAMILY_ID,
                            address + number * PAYLOAD, PAYLOAD, number, count, family)
        out += chunk + b"\x00" * (DATA_ROOM - PAYLOAD)
        out += _END.pack(MAGIC_END)
    return bytes(out)


def decode(raw: bytes) -> list[Block]:
    """The blocks of a UF2 file, each checked; Uf2Error for a damaged or odd file."""
    if not raw:
        raise Uf2Error("it is empty")
    if len(raw) % BLOCK:
        raise Uf2Error(f"it ends in the middle of block {len(raw) // BLOCK + 1}: "
                       "part of it is missing")
    blocks = [_block(raw[at:at + BLOCK], at // BLOCK + 1) for at in range(0, len(raw), BLOCK)]
    first = blocks[0]
    for index, block in enumerate(blocks):
        where = f"block {index + 1}"
        if block.count != first.count or block.number != index:
            raise Uf2Error(f"{where} is out of place (it says {block.number + 1} of "
                           f"{block.count}): blocks are missing or mixed up")
        if block.family != first.family:
            raise Uf2Error(f"{where} is for another chip than block 1")
    if first.count != len(blocks):
        raise Uf2Error(f"it has {len(blocks)} blocks of the {first.count} it says: "
                       "part of it is missing")
    by_address = sorted(blocks, key=lambda b: b.address)
    for before, after in zip(by_address, by_address[1:]):
        if after.address < before.address + len(before.payload):
            raise Uf2Error(f"block {after.number + 1} writes where block "
                           f"{before.number + 1} already wrote")
    return blocks


def _block(raw: bytes, number: int) -> Block:
    (magic0, magic1, flags, address, size, block_no, count,
     family) = _HEADER.unpack_from(raw)
    (end,) = _END.unpack_from(raw, BLOCK - _END.size)
    where = f"block {number}"
    if magic0 != MAGIC_START0 or magic1 != MAGIC_START1 or end != MAGIC_END:
        raise Uf2Error(f"{where} is not a UF2 block (its magic numbers are wrong)")
    if flags & FLAG_NOT_MAIN_FLASH:
        raise Uf2Error(f"{where} is not meant for the flash")
    if not flags & FLAG_FAMILY_ID:
        raise Uf2Error(f"{where} does not say which chip it is for")
    if not 0 < size <= DATA_ROOM:
        raise Uf2Error(f"{where} says it carries {size} bytes")
    if count == 0:
        raise Uf2Error(f"{where} says the file has no blocks")
    start = _HEADER.size
    return Block(block_no, count, address, family, raw[start:start + size])
