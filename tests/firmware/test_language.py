# SPDX-License-Identifier: GPL-3.0-or-later
"""The language suite: every program runs under CPython and each host build.

Programs in tests/lang/pass must print exactly what CPython prints and exit
the same way. Programs in tests/lang/fail start with `# error: LINE MESSAGE`
(alternatives separated by |) and must exit 1 with `FILE:LINE MESSAGE` on
stderr. Each runs in the plain, GC-stress and sanitizer builds, and on ARM
under QEMU (snek-qemu, the Snekboard's core and heap).
"""

import functools
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import VARIANTS
from .qemu import QEMU_TARGETS, qemu_arm  # noqa: F401 (a fixture)

LANG = Path(__file__).resolve().parents[1] / 'lang'
PASS = sorted((LANG / 'pass').glob('*.py'))
SNEK_ONLY = sorted((LANG / 'snek').glob('*.py'))
FAIL = sorted((LANG / 'fail').glob('*.py'))
TIMEOUT = 120


def stdin_of(program: Path) -> bytes:
    data = program.with_suffix('.in')
    return data.read_bytes() if data.exists() else b''


def run(argv: list[str], program: Path) -> subprocess.CompletedProcess:
    return subprocess.run(argv + [program.name], cwd=program.parent, input=stdin_of(program),
                          capture_output=True, timeout=TIMEOUT)


@functools.cache
def cpython(program: Path) -> subprocess.CompletedProcess:
    return run([sys.executable], program)


#: Where each program runs: the host builds, then the ARM build.
TARGETS = (*VARIANTS, *QEMU_TARGETS)


def snek_of(variant: str, request) -> Path:
    """The interpreter of a target, built on first use."""
    if variant in QEMU_TARGETS:
        return request.getfixturevalue('qemu_arm')
    return request.getfixturevalue('snek_builds')[variant]


def test_suite_is_large_enough():
    assert len(PASS) >= 80
    assert len(FAIL) >= 25


@pytest.mark.parametrize('variant', TARGETS)
@pytest.mark.parametrize('program', PASS, ids=lambda p: p.stem)
def test_same_as_cpython(program, variant, request):
    expected = cpython(program)
    assert expected.returncode == 0, expected.stderr.decode()
    got = run([str(snek_of(variant, request))], program)
    assert got.stderr.decode() == ''
    assert got.stdout.decode() == expected.stdout.decode()
    assert got.returncode == 0


def expected_error(program: Path) -> tuple[int, list[str]]:
    first = program.read_text().splitlines()[0]
    assert first.startswith('# error: '), f'{program.name}: no "# error:" header'
    line, message = first[len('# error: '):].split(' ', 1)
    return int(line), message.split('|')


@pytest.mark.parametrize('variant', TARGETS)
@pytest.mark.parametrize('program', FAIL, ids=lambda p: p.stem)
def test_error(program, variant, request):
    line, messages = expected_error(program)
    got = run([str(snek_of(variant, request))], program)
    stderr = got.stderr.decode(errors='replace')
    assert got.returncode == 1, stderr
    assert any(f'{program.name}:{line} {m}' in stderr for m in messages), stderr
    # One clear line, not a crash report.
    assert len(stderr.splitlines()) == 1, stderr


@pytest.mark.parametrize('variant', TARGETS)
@pytest.mark.parametrize('program', SNEK_ONLY, ids=lambda p: p.stem)
def test_snek_only_programs(program, variant, request):
    """Programs written for Snek 1.13 that CPython cannot run (bare math
    names, float32 printing): their expected output sits beside them."""
    got = run([str(snek_of(variant, request))], program)
    assert got.stderr.decode() == ''
    assert got.stdout.decode() == program.with_suffix('.out').read_text()
    assert got.returncode == 0


SMALL_HEAP_ERRORS = ('out of memory', 'stack overflow', 'too deeply nested')


@pytest.mark.parametrize('program', PASS, ids=lambda p: p.stem)
def test_small_chip_sizes(program, snek_builds):
    """The ATmega328P's sizes on the host (16-bit lengths, a 1,200-byte heap,
    a 64-value stack): a program prints what CPython prints, or, when it
    needs more than a small chip has, stops with a clear error after a
    prefix of that output. Never wrong output, never a crash."""
    expected = cpython(program).stdout.decode()
    got = run([str(snek_builds['posix-small'])], program)
    out, err = got.stdout.decode(), got.stderr.decode()
    if got.returncode == 0:
        assert err == ''
        assert out == expected
        return
    assert got.returncode == 1, err
    assert any(f'{program.name}:' in err and e in err for e in SMALL_HEAP_ERRORS), err
    assert len(err.splitlines()) == 1, err
    assert expected.startswith(out), out


def test_most_programs_fit_a_small_chip(snek_builds):
    fits = sum(run([str(snek_builds['posix-small'])], p).returncode == 0 for p in PASS)
    assert fits >= 80, fits
