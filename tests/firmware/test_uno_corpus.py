# SPDX-License-Identifier: GPL-3.0-or-later
"""The whole language corpus (tests/lang/pass) on the shipped Uno image in
avrsim: each program is stored in the 1 KB EEPROM, runs at boot, and must
print exactly what CPython prints. The programs that cannot are listed
with the reason; a listed program that runs right fails the test, so the
list cannot go stale."""

import subprocess
import sys
from pathlib import Path

import pytest

from .test_uno import BANNER, TIMEOUT, eeprom_image, text, uno, uno_build  # noqa: F401 (fixtures)

LANG = Path(__file__).resolve().parents[1] / 'lang' / 'pass'
PROGRAMS = sorted(LANG.glob('*.py'))
EEPROM = 1023  # bytes a program may take (the last one ends it)

#: Programs that do not run on the Uno, and why.
DOES_NOT_FIT = {
    # more than the 1 KB EEPROM holds
    'compare_05': '1,082 bytes', 'for_06': '1,084 bytes', 'isclose_01': '1,587 bytes',
    'math_01': '1,151 bytes', 'precedence_02': '5,291 bytes', 'precedence_03': '3,136 bytes',
    'precedence_04': '4,926 bytes',
    # more than the 1,256-byte heap and value stack hold: "out of memory" / "stack overflow"
    'func_03': 'recursion deeper than the value stack (stack overflow)',
    'list_09': 'nested lists beyond the heap', 'prog_grid_01': 'a 2-D grid beyond the heap',
    'prog_memo_01': 'a memo dict beyond the heap', 'prog_sieve_01': 'a 170-item sieve list',
    'prog_sort_01': 'lists of sort results beyond the heap',
    # the Uno's math subset (docs/numbers.md): no trigonometry, isclose, tau, ...
    'func_07': 'math.isclose', 'math_02': 'trigonometry, tau and the full module',
    'math_03': 'math.isclose and trigonometry',
    # a serial console: input() echoes what is typed, as a terminal shows it
    'input_01': 'input() echoes the typed lines',
    # SNEK_STORE_ORDER is 0 (ports/uno/config.h): x[i] = v finds x and i before v
    'store_order_01': 'x[i] = v finds x and i before v',
}


def cpython(program: Path) -> str:
    data = program.with_suffix('.in')
    done = subprocess.run([sys.executable, program.name], cwd=program.parent, capture_output=True,
                          input=data.read_bytes() if data.exists() else b'', timeout=TIMEOUT)
    assert done.returncode == 0
    return done.stdout.decode()


def run_on_uno(uno, tmp_path, program: Path) -> str:
    """Boot with the program in EEPROM (and its .in typed after the banner); its output."""
    sim = uno('--eeprom', eeprom_image(tmp_path / 'eeprom.bin', program.read_bytes()))
    start = sim.expect(BANNER).end()
    data = program.with_suffix('.in')
    if data.exists():
        sim.send(data.read_bytes())
    end = sim.expect(b'> ', start, timeout=120).start()
    return text(sim.out.data[start:end]).decode()


def test_the_list_names_real_programs():
    assert set(DOES_NOT_FIT) <= {p.stem for p in PROGRAMS}
    assert len(PROGRAMS) - len(DOES_NOT_FIT) >= 80


@pytest.mark.parametrize('program', PROGRAMS, ids=lambda p: p.stem)
def test_program_on_the_uno(uno, tmp_path, program):
    expected = cpython(program)
    if program.stem in DOES_NOT_FIT:
        # It must really not run: too big for the EEPROM, or it stops or differs.
        if len(program.read_bytes()) > EEPROM:
            return
        assert run_on_uno(uno, tmp_path, program) != expected, \
            f'{program.stem} runs right on the Uno: take it off DOES_NOT_FIT'
        return
    assert len(program.read_bytes()) <= EEPROM, f'{program.stem} is too big for the EEPROM'
    assert run_on_uno(uno, tmp_path, program) == expected
