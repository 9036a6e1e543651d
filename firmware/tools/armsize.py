#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Flash and RAM of an ARM image, and the pool that fills the RAM.

    armsize.py fit --ram BYTES --stack BYTES PROBE1.elf POOL1 PROBE2.elf POOL2
        The pool size (heap and value stack) that leaves exactly the C
        stack's reserve: static RAM grows linearly with the pool (the pool
        and the collector's bitmap of it), so two links with two pools
        give the line; the answer is rounded down to 8 bytes.

    armsize.py report NAME ELF --flash-start A --flash-end B --ram BYTES
                      --stack BYTES --pool BYTES
        Prints flash and RAM use; exits 1, saying why, when the image
        runs past flash-end or static RAM and the C stack do not fit.

Sizes come from the picolibc link script's symbols: flash ends at
__data_source_end (code, constants and the initial values of data), static
RAM at __bss_end.
"""

import argparse
import os
import subprocess
import sys

NM = os.environ.get('ARM_NM', 'arm-none-eabi-nm')
RAM_START = 0x20000000


def symbols(elf: str) -> dict[str, int]:
    out = subprocess.run([NM, elf], capture_output=True, text=True, check=True).stdout
    table = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            table[parts[2]] = int(parts[0], 16)
    return table


def static_ram(elf: str) -> int:
    return symbols(elf)['__bss_end'] - RAM_START


def flash_end(elf: str) -> int:
    return symbols(elf)['__data_source_end']


def fit(args) -> int:
    (e1, p1), (e2, p2) = (args.probes[0], int(args.probes[1])), (args.probes[2], int(args.probes[3]))
    r1, r2 = static_ram(e1), static_ram(e2)
    slope = (r2 - r1) / (p2 - p1)
    other = r1 - slope * p1
    pool = int((args.ram - args.stack - other) / slope) // 8 * 8
    print(pool)
    return 0


def report(args) -> int:
    flash = flash_end(args.elf) - args.flash_start
    room = args.flash_end - args.flash_start
    ram = static_ram(args.elf)
    left = args.ram - ram
    name = args.name
    print(f'{name}: flash {flash} bytes of {room} (0x{args.flash_start:X}-0x{args.flash_end:X}, '
          f'after the 8 KB UF2 bootloader, before the stored programs)')
    print(f'{name}: RAM {ram} bytes of static data of {args.ram}: heap and value stack '
          f'{args.pool} bytes, {ram - args.pool} other (USB buffers, console, tables); '
          f'{left} bytes left for the C stack (reserve {args.stack})')
    if flash > room:
        print(f'{name}: OVER BUDGET by {flash - room} bytes: the image would overwrite the '
              f'stored programs at 0x{args.flash_end:X}')
        return 1
    if left < args.stack:
        print(f'{name}: static RAM leaves {left} bytes for the C stack, less than its '
              f'{args.stack}-byte reserve')
        return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest='command', required=True)
    f = sub.add_parser('fit')
    f.add_argument('--ram', type=int, required=True)
    f.add_argument('--stack', type=int, required=True)
    f.add_argument('probes', nargs=4)
    r = sub.add_parser('report')
    r.add_argument('name')
    r.add_argument('elf')
    r.add_argument('--flash-start', type=lambda s: int(s, 0), required=True)
    r.add_argument('--flash-end', type=lambda s: int(s, 0), required=True)
    r.add_argument('--ram', type=int, required=True)
    r.add_argument('--stack', type=int, required=True)
    r.add_argument('--pool', type=int, required=True)
    args = parser.parse_args()
    return fit(args) if args.command == 'fit' else report(args)


if __name__ == '__main__':
    sys.exit(main())
