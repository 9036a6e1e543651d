# SPDX-License-Identifier: GPL-3.0-or-later
"""The ARM build under QEMU (firmware/ports/qemu-arm): the fixture that
builds it, shared by the tests that run it."""

import subprocess
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / 'firmware'
SNEK_QEMU = FIRMWARE / 'build' / 'qemu-arm' / 'snek-qemu'

#: The test targets that run the ARM build rather than a host build.
QEMU_TARGETS = ('qemu-arm',)


@pytest.fixture(scope='session')
def qemu_arm() -> Path:
    """`make qemu-arm` once: the snek-qemu script, run as `snek` is."""
    done = subprocess.run(['make', '-s', '-C', str(FIRMWARE), 'qemu-arm'],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'warning' not in done.stderr.lower(), done.stderr
    return SNEK_QEMU
