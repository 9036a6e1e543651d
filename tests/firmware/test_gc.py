# SPDX-License-Identifier: GPL-3.0-or-later
"""The collector, seen through the host build's SNEK_GC_STATS report."""

import os
import re
import subprocess

import pytest

STATS = re.compile(r'gc: (\d+) allocations, (\d+) incremental cycles, (\d+) full collections, (\d+) holes')


def run_with_stats(snek, tmp_path, source: str) -> tuple[str, dict[str, int]]:
    program = tmp_path / 'prog.py'
    program.write_text(source)
    done = subprocess.run([str(snek), str(program)], capture_output=True, timeout=120,
                          env={**os.environ, 'SNEK_GC_STATS': '1'})
    assert done.returncode == 0, done.stderr.decode()
    m = STATS.search(done.stderr.decode())
    assert m, done.stderr.decode()
    keys = ('allocs', 'cycles', 'full', 'holes')
    return done.stdout.decode(), dict(zip(keys, map(int, m.groups())))


def test_churn_is_collected_incrementally(snek, tmp_path):
    """Garbage beside a large live set is reclaimed by incremental cycles:
    no allocation ever pays for a full pass over the heap."""
    out, stats = run_with_stats(snek, tmp_path, '''
live = []
for i in range(60000):
    live += [[i, i + 1]]
n = 0
for i in range(400000):
    t = [i, str(i % 1000), (i, i)]
    n += len(t)
print(len(live), n)
''')
    assert out == '60000 1200000\n'
    assert stats['cycles'] >= 2
    assert stats['holes'] > 0
    assert stats['full'] == 0


def test_fragmented_heap_compacts_when_nothing_fits(snek, tmp_path):
    """When holes are too small for a big allocation, a full collection
    compacts the heap and the allocation succeeds."""
    out, stats = run_with_stats(snek, tmp_path, '''
keep = []
for round in range(6):
    tmp = []
    for i in range(20000):
        tmp += [[i]]
        if i % 2 == 0:
            keep += [[i]]
big = 'x' * 3000000
print(len(big), len(keep))
''')
    assert out == '3000000 60000\n'
    assert stats['full'] >= 1


@pytest.mark.parametrize('variant', ['posix', 'posix-gcstress', 'posix-gcincr'])
def test_deep_nesting_is_marked_without_recursion(snek_builds, tmp_path, variant):
    """A 100,000-deep chain of lists survives collections (marking uses its
    own bounded stack, not the C stack)."""
    program = tmp_path / 'deep.py'
    depth = 100000 if variant == 'posix' else 3000
    churn = 20000 if variant == 'posix' else 200
    program.write_text(f'''
l = []
for i in range({depth}):
    l = [l, 'x' * (i % 5)]
for i in range({churn}):
    garbage = [i, [i]]
n = 0
while len(l):
    l = l[0]
    n += 1
print(n)
''')
    done = subprocess.run([str(snek_builds[variant]), str(program)], capture_output=True, timeout=300)
    assert done.stdout.decode() == f'{depth}\n', done.stderr.decode()
