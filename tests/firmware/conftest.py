# SPDX-License-Identifier: GPL-3.0-or-later
"""Fixtures that build the host firmware variants the tests run."""

import subprocess
from pathlib import Path

import pytest

from tests.toolcheck import AVR, AVRSIM, FUZZ, HOST

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / 'firmware'
VARIANTS = ('posix', 'posix-gcstress', 'posix-gcincr', 'posix-asan')

#: The external tools each fixture, test or module here needs, by name (tests/toolcheck.py):
#: a test whose tool is missing is skipped, or fails the run under CI=true.
NEEDS_TOOLS = {
    'snek_builds': HOST,
    'test_build.py': HOST,
    'test_names.py': HOST,
    'test_number.py': HOST,
    'mathf_twin': HOST,
    'test_llgen.py': HOST,
    'test_posix_small_streams_uploads': HOST,
    'avrsim_build': AVRSIM,
    'uno_build': AVRSIM,
    'test_uno_benchmark_runs': AVRSIM,
    'test_uno_size_report': AVR,
    'test_linkorder.py': AVR,
    'fuzz_targets': FUZZ,
    'test_fuzz_smoke': FUZZ,
}


@pytest.fixture(scope='session')
def snek_builds() -> dict[str, Path]:
    """Build every host variant once; map variant name to its binary."""
    subprocess.run(['make', '-s', '-C', str(FIRMWARE), *VARIANTS, 'posix-small'], check=True)
    return {v: FIRMWARE / 'build' / v / 'snek' for v in (*VARIANTS, 'posix-small')}


@pytest.fixture(scope='session')
def snek(snek_builds) -> Path:
    """The plain host build."""
    return snek_builds['posix']
