# SPDX-License-Identifier: GPL-3.0-or-later
"""The firmware build itself: no warnings, and the grammar is LL(1)."""

import subprocess
import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / 'firmware'


def test_host_build_has_no_warnings():
    done = subprocess.run(['make', '-B', '-C', str(FIRMWARE), 'posix'], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert 'warning' not in done.stderr.lower(), done.stderr
    # The build reports the size of the parse tables and of the interpreter.
    assert 'tables' in done.stdout and 'bytes' in done.stdout
    assert 'snek (posix): text' in done.stdout


def test_grammar_is_ll1_and_tables_are_small(tmp_path):
    done = subprocess.run([sys.executable, str(FIRMWARE / 'tools' / 'llgen.py'),
                           str(FIRMWARE / 'grammar.ll'), '-o', str(tmp_path / 'g.h')],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    size = int(done.stdout.split('tables ')[1].split()[0])
    assert size < 2048


def test_uno_size_report():
    """The core compiled for the ATmega328P: the report CI prints (flash and
    RAM against the chip's budget). A measurement until the Uno port lands."""
    done = subprocess.run(['make', '-s', '-C', str(FIRMWARE), 'uno-size'], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    line = next(l for l in done.stdout.splitlines() if l.startswith('uno-size: flash'))
    flash = int(line.split()[2])
    assert 10000 < flash < 200000, line
