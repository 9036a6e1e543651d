# SPDX-License-Identifier: GPL-3.0-or-later
"""The SAMD21 boards' firmware (firmware/ports/snekboard): the fixture that
builds it, shared by the tests that check it."""

import subprocess
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / 'firmware'
BOARDS = ('snekboard', 'metro-m0', 'itsybitsy-m0')


def image(board: str, suffix: str) -> Path:
    return FIRMWARE / 'build' / board / f'snek-{board}{suffix}'


@pytest.fixture(scope='session')
def samd21_build() -> str:
    """`make samd21` once; its output (the size reports)."""
    done = subprocess.run(['make', '-C', str(FIRMWARE), 'samd21'], capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr
