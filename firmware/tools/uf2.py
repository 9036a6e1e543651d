#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write a flat image as a UF2 file, the format UF2 bootloaders take.

    uf2.py --base 0x2000 --family 0x68ED2B88 IMAGE.bin OUT.uf2

UF2 (Microsoft's USB Flashing Format): 512-byte blocks, each carrying 256
bytes of the image for one address:

    0   magic 0x0A324655        4   magic 0x9E5D5157
    8   flags (0x2000: the family id is present)
    12  target address          16  payload size (256)
    20  block number            24  number of blocks
    28  family id (SAMD21: 0x68ED2B88)
    32  payload, zero-padded to 476 bytes
    508 magic 0x0AB16F30
"""

import argparse
import struct
import sys

MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY_ID = 0x00002000
PAYLOAD = 256
BLOCK = 512
DATA_ROOM = 476


def blocks(image: bytes, base: int, family: int) -> bytes:
    """The UF2 file for image, loaded at base."""
    count = (len(image) + PAYLOAD - 1) // PAYLOAD
    out = bytearray()
    for n in range(count):
        chunk = image[n * PAYLOAD:(n + 1) * PAYLOAD].ljust(PAYLOAD, b'\xff')
        header = struct.pack('<8I', MAGIC_START0, MAGIC_START1, FLAG_FAMILY_ID,
                             base + n * PAYLOAD, PAYLOAD, n, count, family)
        out += header + chunk.ljust(DATA_ROOM, b'\0') + struct.pack('<I', MAGIC_END)
    assert len(out) == count * BLOCK
    return bytes(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--base', type=lambda s: int(s, 0), required=True,
                        help='where the image starts in flash')
    parser.add_argument('--family', type=lambda s: int(s, 0), required=True,
                        help='the chip family id')
    parser.add_argument('image')
    parser.add_argument('out')
    args = parser.parse_args()
    if args.base % PAYLOAD:
        parser.error(f'the base address must be a multiple of {PAYLOAD}')
    with open(args.image, 'rb') as f:
        image = f.read()
    if not image:
        parser.error(f'{args.image} is empty')
    with open(args.out, 'wb') as f:
        f.write(blocks(image, args.base, args.family))
    return 0


if __name__ == '__main__':
    sys.exit(main())
