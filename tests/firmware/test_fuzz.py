# SPDX-License-Identifier: GPL-3.0-or-later
"""The libFuzzer port (firmware/ports/fuzz, firmware/fuzz.mk).

Every input the fuzzer found a fault with is kept, minimized, in
tests/fuzz_crashes/. Each must run on the sanitizer host build and on the
two builds whose collector checks every reference, as a file and typed at
the REPL, and under both fuzz targets themselves (their small heap, console
ring and clang's sanitizers reach what the host builds may not). A short fuzzing run
checks that the target builds and survives its seed corpus.

Inputs whose first line is "#!boot" hold a stored program up to the first
^D (0x04) and console input after it (see ports/fuzz/fuzz.c): on the host
the stored part goes into an --eeprom image and the rest on stdin.
"""

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / 'firmware'
CRASHES = ROOT / 'tests' / 'fuzz_crashes'
TIMEOUT = 30
VARIANTS = ('posix-asan', 'posix-gcincr', 'posix-gcstress')
STORAGE_SIZE = 1024  # ports/posix/main.c's default, as ports/fuzz/fuzz.c
SANITIZER = re.compile(rb'Sanitizer|runtime error:')
ENV = dict(os.environ, ASAN_OPTIONS='detect_leaks=1:abort_on_error=0',
           UBSAN_OPTIONS='print_stacktrace=1')


def crash_inputs() -> list[Path]:
    return sorted(p for p in CRASHES.iterdir()
                  if p.is_file() and not p.name.startswith(('.', 'README')))


def check(result: subprocess.CompletedProcess, what: str) -> None:
    err = result.stderr.decode('utf-8', 'replace')
    assert not SANITIZER.search(result.stderr), f'{what}: sanitizer report\n{err}'
    assert result.returncode in (0, 1), f'{what}: exit status {result.returncode}\n{err}'


def test_crash_inputs_exist():
    assert crash_inputs(), f'{CRASHES} holds no inputs'


@pytest.mark.parametrize('variant', VARIANTS)
@pytest.mark.parametrize('path', crash_inputs(), ids=lambda p: p.name)
def test_crash_input_as_file(snek_builds, path, variant):
    result = subprocess.run([snek_builds[variant], path], stdin=subprocess.DEVNULL,
                            capture_output=True, timeout=TIMEOUT, env=ENV)
    check(result, f'{variant}/snek {path.name}')


@pytest.mark.parametrize('variant', VARIANTS)
@pytest.mark.parametrize('path', crash_inputs(), ids=lambda p: p.name)
def test_crash_input_at_repl(snek_builds, path, variant, tmp_path):
    data = path.read_bytes()
    args = [snek_builds[variant]]
    if data.startswith(b'#!boot'):
        stored, _, data = data.partition(b'\x04')
        stored = stored[:STORAGE_SIZE - 1]
        image = tmp_path / 'eeprom'
        image.write_bytes(stored + b'\xff' * (STORAGE_SIZE - len(stored)))
        args += ['--eeprom', image]
    result = subprocess.run(args, input=data, capture_output=True, timeout=TIMEOUT, env=ENV)
    check(result, f'{variant}/snek < {path.name}')


@pytest.fixture(scope='session')
def fuzz_targets() -> dict[str, Path]:
    """The fuzz target and its SNEK_GC_STRESS=2 twin."""
    subprocess.run(['make', '-s', '-C', str(FIRMWARE), 'fuzz-build', 'fuzz-gcstress-build'],
                   check=True)
    return {v: FIRMWARE / 'build' / v / 'snek-fuzz' for v in ('fuzz', 'fuzz-gcstress')}


@pytest.mark.parametrize('variant', ('fuzz', 'fuzz-gcstress'))
@pytest.mark.parametrize('path', crash_inputs(), ids=lambda p: p.name)
def test_crash_input_in_fuzz_target(fuzz_targets, path, variant):
    result = subprocess.run([fuzz_targets[variant], path], capture_output=True, timeout=TIMEOUT)
    err = result.stderr.decode('utf-8', 'replace')
    assert result.returncode == 0 and not SANITIZER.search(result.stderr), err[-4000:]


def test_fuzz_smoke():
    """Build the target and fuzz a fixed number of runs from the seed corpus.
    A fixed seed and run count keep CI deterministic: long fuzzing is
    `make -C firmware fuzz FUZZ_SECONDS=N` by hand."""
    result = subprocess.run(['make', '-C', str(FIRMWARE), 'fuzz', 'FUZZ_SECONDS=120',
                             'FUZZ_ARGS=-seed=1 -runs=20000'],
                            capture_output=True, timeout=600)
    out = (result.stdout + result.stderr).decode('utf-8', 'replace')
    assert result.returncode == 0, out[-6000:]
