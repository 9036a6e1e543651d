# SPDX-License-Identifier: GPL-3.0-or-later
"""Smoke test of the benchmark suite: every program runs under the host
build and CPython with identical output (small sizes, no timing checks)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / 'bench'


def test_bench_quick(snek):
    names = sorted(p.stem for p in BENCH.glob('*.py') if p.name != 'run.py')
    assert len(names) >= 8
    proc = subprocess.run(
        [sys.executable, str(BENCH / 'run.py'), '--quick', '--repeat', '1', '--snek', str(snek)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    table = proc.stdout.splitlines()
    for name in names:
        assert any(line.split()[:1] == [name] for line in table), f'{name} missing from:\n{proc.stdout}'
    assert any(line.startswith('geomean') for line in table), proc.stdout
