# SPDX-License-Identifier: GPL-3.0-or-later
"""Fixtures that build the host firmware variants the tests run."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / 'firmware'
VARIANTS = ('posix', 'posix-gcstress', 'posix-gcincr', 'posix-asan')


@pytest.fixture(scope='session')
def snek_builds() -> dict[str, Path]:
    """Build every host variant once; map variant name to its binary."""
    subprocess.run(['make', '-s', '-C', str(FIRMWARE), *VARIANTS, 'posix-small'], check=True)
    return {v: FIRMWARE / 'build' / v / 'snek' for v in (*VARIANTS, 'posix-small')}


@pytest.fixture(scope='session')
def snek(snek_builds) -> Path:
    """The plain host build."""
    return snek_builds['posix']
