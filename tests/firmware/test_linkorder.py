# SPDX-License-Identifier: GPL-3.0-or-later
"""The Uno link's function order (firmware/tools/linkorder.py): the second
link really follows it, and the calls its model counts as left long are
the ones the linker leaves long. A silent mismatch (section names that
change between the two links, a toolchain that relaxes otherwise) would
cost some 800 bytes of flash without failing anything else."""

import re
import subprocess
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / 'firmware'
ELF = FIRMWARE / 'build' / 'uno-size' / 'snek-size.elf'


def test_ordered_link_matches_the_model():
    done = subprocess.run(['make', '-s', '-C', str(FIRMWARE), 'uno-size'], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    m = re.search(r"linkorder: (\d+) long calls and jmps left of (\d+) \((\d+) in the linker's order\)",
                  done.stderr)
    assert m, done.stderr
    left, total, unordered = map(int, m.groups())
    assert left < unordered / 2, m.group(0)

    # Long calls and jmps in the image, the vector table's aside (its
    # slots keep their size).
    code = subprocess.run(['avr-objdump', '-d', str(ELF)], capture_output=True, text=True,
                          check=True).stdout
    long_ones = re.findall(r'^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ){4}\s*(?:call|jmp)\t', code, re.M)
    # The table's size is its symbol's (ports/uno/start.S).
    symbols = subprocess.run(['avr-nm', '-S', str(ELF)], capture_output=True, text=True,
                             check=True).stdout
    vectors = int(re.search(r'^0+ ([0-9a-f]+) T __vectors$', symbols, re.M).group(1), 16)
    found = sum(1 for at in long_ones if int(at, 16) >= vectors)
    # The model follows the linker's relaxation closely; a few calls
    # within a function (recursion) it does not count.
    assert abs(found - left) <= 12, (found, left)
