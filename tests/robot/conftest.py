# SPDX-License-Identifier: GPL-3.0-or-later
"""Fixtures for the simulated robot: the host firmware, built once."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope='session')
def snek() -> Path:
    """The plain host build of the firmware (the simulator)."""
    subprocess.run(['make', '-s', '-C', str(ROOT / 'firmware'), 'posix'], check=True)
    return ROOT / 'firmware' / 'build' / 'posix' / 'snek'
