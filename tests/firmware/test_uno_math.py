# SPDX-License-Identifier: GPL-3.0-or-later
"""The Uno's numbers on the simulated chip (ports/uno/mathf.c in avrsim):
whole powers are exact wherever the result is a float32 exactly, and sqrt
is within 2 units in the last place (ulp) of the correctly rounded result."""

import math
import re
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from .test_uno import TIMEOUT, ready, text, uno, uno_build  # noqa: F401 (fixtures)


def run_program(sim, program: str, timeout: float = 300) -> str:
    """Type a program at the REPL (echo off) and return what it printed."""
    ready(sim)
    start = len(sim.out.data)
    sim.send(b'\x0e' + program.encode() + b'\n\nprint("END")\n')
    sim.expect(b'END\r\n', start, timeout=timeout)
    out = text(sim.out.data[start:]).decode()
    # the prompts: '> ' for a statement, '+ ' for each line of a block
    return re.sub(r'^(?:[>+] )+', '', out[:out.index('END\n')], flags=re.M)


def f32(s: str) -> np.float32:
    """The float32 a shortest-repr string names, exactly (no double rounding)."""
    near = np.float32(float(s))
    if not np.isfinite(near):
        return near
    exact = Fraction(s)
    steps = [np.nextafter(near, np.float32(-np.inf)), near, np.nextafter(near, np.float32(np.inf))]
    # nearest, ties to the even significand (a shortest repr may be a midpoint)
    return min(steps, key=lambda v: (abs(Fraction(float(v)) - exact) if np.isfinite(v) else math.inf,
                                     int(np.array(v, np.float32).view(np.uint32)) & 1))


def ulps(a: np.float32, b: np.float32) -> int:
    ia, ib = (int(np.array(v, np.float32).view(np.int32)) for v in (a, b))
    ia, ib = (-(2**31) - i if i < 0 else i for i in (ia, ib))
    return abs(ia - ib)


#: Whole powers a student writes; CPython prints the same for each.
POWERS = ('2 ** 10, -2 ** 2, (-2) ** 3, (-2) ** 4, 2 ** -3, 0 ** 0, 0 ** 5, 1 ** 99, 10 ** 6',
          '0.5 ** 3, 1.5 ** 2, 3 ** 15, (-3) ** 15, 7 ** 8, 2 ** 23, 2 ** 24, (-1) ** 1001, 4 ** -2',
          '2 ** -10, 0.25 ** 4, (-0.5) ** 5, 100 ** 3, 12 ** 6, 5 ** 10, 2.5 ** 4, 2 ** 3 ** 2')


def test_whole_powers_print_as_cpython(uno):
    program = '\n'.join(f'print({line})' for line in POWERS)
    expected = subprocess.run([sys.executable, '-c', program], capture_output=True, text=True,
                              timeout=TIMEOUT, check=True).stdout
    assert run_program(uno(), program) == expected


def test_powers_at_the_ends_of_the_range(uno):
    """Overflow to inf, the smallest subnormal, negative zero's powers (float32, so not CPython's)."""
    out = run_program(uno(), 'print(2 ** 128, (-2) ** 129, 2 ** 127, 2 ** -149, 2 ** -150, 0.5 ** 149)\n'
                             'print(0 ** -1, 0.5 ** -128, 1 / (2 ** -130) == 2 ** 130)')
    assert out == 'inf -inf 1.7014118e+38 1e-45 0 1e-45\ninf inf True\n'


#: Bases whose whole powers the sweep raises on the chip, and the exponents.
BASES = (2, -2, 3, -3, 5, 6, 7, 10, 11, 12, 0.5, 1.5, -1.5, 0.25, 2.5, 0.75, 1.25, 3.5, 255, 4095)
EXPONENTS = range(-30, 31)


def test_whole_powers_are_exact_when_a_float_holds_them(uno):
    """Every b ** n of the sweep whose value a float32 holds exactly is that value, bit for bit."""
    program = (f'for b in {BASES}:\n    for n in range({EXPONENTS.start}, {EXPONENTS.stop}):\n'
               f'        print(b ** n)\n')
    got = run_program(uno(), program).split()
    assert len(got) == len(BASES) * len(EXPONENTS)
    checked = 0
    for (b, n), printed in zip(((b, n) for b in BASES for n in EXPONENTS), got):
        value = Fraction(b) ** n
        held = np.float32(float(value)) if abs(value) < 2**128 else None
        if held is not None and np.isfinite(held) and Fraction(float(held)) == value:
            assert f32(printed) == held, (b, n, printed)
            checked += 1
    assert checked > 400, checked


def test_sqrt_within_2_ulp(uno):
    """sqrt over 1e-30..1e30 (inputs made on the chip, both sides printed in full)."""
    out = run_program(uno(), 'x = 1e-30\nwhile x < 1e30:\n    print(x, sqrt(x))\n    x *= 1.37\n')
    pairs = [line.split() for line in out.splitlines() if line]
    assert len(pairs) > 400
    worst = max(ulps(f32(r), np.float32(math.sqrt(float(f32(x))))) for x, r in pairs)
    assert worst <= 2, worst


@pytest.mark.parametrize('expr, value', [('exp(0)', '1'), ('log(1)', '0'), ('sqrt(16)', '4'),
                                         ('pow(2, 10)', '1024'), ('math.pow(-2, 3)', '-8'),
                                         ('pow(-8, 1 / 3)', 'nan'), ('pow(2, -1)', '0.5')])
def test_named_functions(uno, expr, value):
    assert run_program(uno(), f'print({expr})') == value + '\n'
