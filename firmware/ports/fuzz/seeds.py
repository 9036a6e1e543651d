#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Seed a libFuzzer corpus directory for ports/fuzz (make fuzz).

Every test program goes in twice: as typed at the console, and as a file
(behind fuzz.c's "#!file" mode line). Saved crash inputs go in unchanged,
and a few hand-written seeds reach the serial protocol and the stored
program. Files are named by the SHA-1 of their bytes, as libFuzzer names
the units it adds, so seeding again adds nothing twice.

usage: seeds.py CORPUS_DIR TEST_DIR...  (a TEST_DIR holding *.py is taken
as tests; any other directory, such as tests/fuzz_crashes, as raw inputs)
"""

import hashlib
import sys
from pathlib import Path

MAX_LEN = 4096

HANDWRITTEN = [
    # The stored program runs at boot, then the console takes over.
    b'#!boot\nx = [1, 2]\nprint(x)\n\x04print(x * 3)\nreset()\nprint(1)\n',
    b'#!boot\ndef f(n):\n    return n and f(n - 1)\nf(50)\n1 +\n\x04f(3)\n',
    # Upload, show, load and erase the stored program.
    b'eeprom.write()\nprint("stored")\nq = 3\n\x04eeprom.show(1)\neeprom.load()\nq\neeprom.erase()\n',
    # ^C while a loop runs and at the prompt; ENQ, echo on and off, DC4.
    b'while 1: pass\n\n\x03print(2)\n\x05\x0e1\n\x0f2\n\x14\n',
    b'i = 0\nwhile True:\n    i += 1\n\nprint(i)\n\x03\x03',
    # input() reads the console; exit() ends the run.
    b'a = input("? ")\nhello\nprint(a, len(a))\nexit("bye")\nprint(1)\n',
    b'#!file\ns = input()\nprint(repr(s))\nsys.exit(3)\n',
    # Memory: fill the pool, nest deeply, build cycles.
    b'l = []\nwhile 1:\n    l = [l, l]\n    l.append("x" * 100)\n\n',
    b'a = []\na.append(a)\nd = {1: a}\na.append(d)\nprint(a, d)\nstr(a) + str(d)\n',
    b'def r(n):\n    return r(n + 1)\n\nr(0)\nprint("%d %s %r %5.2f" % (1, "a", "b", 2.5))\n',
    b'\r\nif 1:\r\n\tx = 1\r\n  y = 2\r\n"unterminated\n\'\'\'\nmore\n',
]


def add(corpus: Path, data: bytes) -> bool:
    if len(data) > MAX_LEN:
        return False
    path = corpus / hashlib.sha1(data).hexdigest()
    if path.exists():
        return False
    path.write_bytes(data)
    return True


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    corpus = Path(sys.argv[1])
    corpus.mkdir(parents=True, exist_ok=True)
    added = sum(add(corpus, d) for d in HANDWRITTEN)
    for d in map(Path, sys.argv[2:]):
        if not d.is_dir():
            continue
        programs = sorted(d.glob('*.py'))
        if programs:
            for p in programs:
                text = p.read_bytes()
                added += add(corpus, text)
                added += add(corpus, b'#!file\n' + text)
        else:
            for p in sorted(d.iterdir()):
                if p.is_file() and not p.name.startswith(('.', 'README')):
                    added += add(corpus, p.read_bytes())
    total = sum(1 for _ in corpus.iterdir())
    print(f'seeds: {added} added, {total} in {corpus}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
