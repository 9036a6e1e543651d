# SPDX-License-Identifier: GPL-3.0-or-later
"""The SAMD21 images (`make snekboard`, `make samd21`): they build clean,
report their flash and RAM, fit the flash between the UF2 bootloader and
the stored programs, and their .uf2 files parse block by block."""

import re
import struct
import subprocess
import sys

import pytest

from .qemu import qemu_arm  # noqa: F401 (a fixture)
from .samd21 import BOARDS, FIRMWARE, image, samd21_build  # noqa: F401 (a fixture)

#: The reference Snek's Snekboard image; ours must be smaller.
REFERENCE_SIZE = 77196
#: Our aim for the Snekboard with the full math module.
AIM = 70000
APP_START = 0x2000
STORAGE_START = 0x38000
RAM = 32 * 1024
SAMD21_FAMILY = 0x68ED2B88


def report(output: str, board: str) -> dict[str, int]:
    flash = re.search(rf'snek-{board}: flash (\d+) bytes of (\d+)', output)
    ram = re.search(rf'snek-{board}: RAM (\d+) bytes of static data of (\d+): heap and value stack '
                    rf'(\d+) bytes, (\d+) other .*; (\d+) bytes left for the C stack \(reserve (\d+)\)',
                    output)
    assert flash and ram, output
    return {'flash': int(flash[1]), 'room': int(flash[2]), 'static': int(ram[1]), 'ram': int(ram[2]),
            'pool': int(ram[3]), 'left': int(ram[5]), 'reserve': int(ram[6])}


def test_the_build_has_no_warnings(samd21_build):
    # -Werror is on: a warning would have failed it; none slips through
    # from the assembler or the linker either.
    assert not re.search(r'(?i)\bwarning\b', samd21_build), samd21_build


@pytest.mark.parametrize('board', BOARDS)
def test_size_report(board, samd21_build):
    r = report(samd21_build, board)
    assert r['room'] == STORAGE_START - APP_START
    assert r['flash'] == image(board, '.bin').stat().st_size
    assert r['flash'] < REFERENCE_SIZE
    assert r['ram'] == RAM
    # The pool takes what static data and the C stack leave: less than a
    # granule's rounding is left over.
    assert r['reserve'] <= r['left'] < r['reserve'] + 16
    assert r['pool'] > 24 * 1024


def test_snekboard_meets_the_size_aim(samd21_build):
    assert report(samd21_build, 'snekboard')['flash'] < AIM


@pytest.mark.parametrize('board', BOARDS)
def test_tone_only_where_the_board_has_a_speaker(board, samd21_build):
    """tone() is built in where the board's table has a speaker (a TONE
    row: the Circuit Playground Express), and left out elsewhere."""
    has_speaker = 'TONE(' in (FIRMWARE / 'ports' / 'snekboard' / 'boards' / f'{board}.def').read_text()
    symbols = subprocess.run(['arm-none-eabi-nm', str(image(board, '.elf'))], capture_output=True,
                             text=True, check=True).stdout
    assert (' builtin_tone\n' in symbols) == has_speaker
    assert has_speaker == (board == 'playground-express')


@pytest.mark.parametrize('board', BOARDS)
def test_uf2_parses_block_by_block(board, samd21_build):
    binary = image(board, '.bin').read_bytes()
    uf2 = image(board, '.uf2').read_bytes()
    assert len(uf2) % 512 == 0
    count = len(uf2) // 512
    assert count == (len(binary) + 255) // 256
    for n in range(count):
        block = uf2[512 * n:512 * (n + 1)]
        magic0, magic1, flags, address, size, number, total, family = struct.unpack_from('<8I', block)
        assert (magic0, magic1) == (0x0A324655, 0x9E5D5157), n
        assert struct.unpack_from('<I', block, 508)[0] == 0x0AB16F30, n
        assert flags == 0x2000, n  # the family id is present
        assert family == SAMD21_FAMILY, n
        assert size == 256, n
        assert (number, total) == (n, count)
        assert address == APP_START + 256 * n
        assert block[32:32 + 256] == binary[256 * n:256 * (n + 1)].ljust(256, b'\xff'), n
        assert block[32 + 256:508] == bytes(476 - 256), n
    # Block 0 starts with the vector table: the stack at the top of RAM,
    # a Thumb reset address inside the image.
    sp, reset = struct.unpack_from('<2I', uf2, 32)
    assert sp == 0x20000000 + RAM
    assert reset & 1 and APP_START <= reset < APP_START + len(binary)


def run_armsize(*args):
    return subprocess.run([sys.executable, str(FIRMWARE / 'tools' / 'armsize.py'), *map(str, args)],
                          capture_output=True, text=True)


def test_an_image_too_big_for_its_flash_fails_saying_why(samd21_build):
    elf = image('snekboard', '.elf')
    got = run_armsize('report', 'snek-snekboard', elf, '--flash-start', hex(APP_START),
                      '--flash-end', hex(APP_START + 32 * 1024), '--ram', RAM, '--stack', 2560,
                      '--pool', 1)
    assert got.returncode == 1
    assert 'OVER BUDGET' in got.stdout and 'overwrite the stored programs' in got.stdout


def test_too_little_ram_for_the_c_stack_fails_saying_why(samd21_build):
    elf = image('snekboard', '.elf')
    got = run_armsize('report', 'snek-snekboard', elf, '--flash-start', hex(APP_START),
                      '--flash-end', hex(STORAGE_START), '--ram', RAM, '--stack', 4096, '--pool', 1)
    assert got.returncode == 1
    assert 'less than its 4096-byte reserve' in got.stdout


def run_uf2(tmp_path, data: bytes, base: str):
    (tmp_path / 'in.bin').write_bytes(data)
    return subprocess.run([sys.executable, str(FIRMWARE / 'tools' / 'uf2.py'), '--base', base,
                           '--family', hex(SAMD21_FAMILY), str(tmp_path / 'in.bin'),
                           str(tmp_path / 'out.uf2')], capture_output=True, text=True)


def test_uf2_tool_refuses_bad_input(tmp_path):
    assert 'multiple of 256' in run_uf2(tmp_path, b'x' * 10, '0x2001').stderr
    assert 'is empty' in run_uf2(tmp_path, b'', '0x2000').stderr
    assert not (tmp_path / 'out.uf2').exists()


def test_uf2_of_a_partial_last_block(tmp_path):
    assert run_uf2(tmp_path, bytes(range(256)) + b'\x01\x02', '0x2000').returncode == 0
    uf2 = (tmp_path / 'out.uf2').read_bytes()
    assert len(uf2) == 1024
    assert uf2[512 + 32:512 + 32 + 256] == b'\x01\x02' + b'\xff' * 254


#: Programs that take the C stack as deep as the Snekboard's limits allow:
#: containers nested to just inside SNEK_NEST_MAX (32) printed, compared,
#: hashed and formatted, and an expression nested as deep as it parses.
DEEP = [
    'a = [1]\nfor i in range(30): a = [a, i]\nprint(a)\n',
    'a = [1]\nb = [1]\nfor i in range(30):\n    a = [a]\n    b = [b]\nprint(a == b, a < b)\n',
    't = (1,)\nfor i in range(30): t = (t,)\nd = {t: 1}\nprint(d[t])\n',
    'a = [1]\nfor i in range(30): a = [a]\nprint("%s %r" % (a, a))\n',
    'x = ' + '(' * 60 + '1' + ')' * 60 + '\nprint(x)\n',
    'def f(n):\n    if n == 0: return 0\n    return f(n - 1) + 1\nprint(f(400))\n',
]
#: What the USB interrupt and the tick may add on top, at most.
INTERRUPT_ALLOWANCE = 512


@pytest.mark.parametrize('program', DEEP, ids=range(len(DEEP)))
def test_c_stack_stays_inside_its_reserve(program, qemu_arm, samd21_build, tmp_path):
    """The same core under QEMU, its C stack painted: the deepest run must
    leave room for the interrupts inside the Snekboard's reserve."""
    reserve = report(samd21_build, 'snekboard')['reserve']
    (tmp_path / 'deep.py').write_text(program)
    got = subprocess.run([str(qemu_arm), '--stack', 'deep.py'], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    used = int(re.search(r'C stack: (\d+) bytes', got.stderr)[1])
    assert got.returncode == 0, got.stderr
    assert used + INTERRUPT_ALLOWANCE <= reserve, used
