# SPDX-License-Identifier: GPL-3.0-or-later
"""The value stack shares the pool with the heap: deep recursion borrows the
heap's free room and gives it back when the statement ends."""

import subprocess

import pytest

DEPTH = '''
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)
'''


def run(snek, source: str, tmp_path) -> subprocess.CompletedProcess:
    program = tmp_path / 'prog.py'
    program.write_text(source)
    return subprocess.run([str(snek), str(program)], capture_output=True, timeout=300)


@pytest.mark.parametrize('variant, levels, items', [
    ('posix-small', 20, 150),        # the Uno's pool: neither fits beside the other
    ('posix-gcstress', 3000, 1000),  # a moving stack under a collection per allocation
    ('posix-gcincr', 3000, 1000),
    ('posix-asan', 100000, 100000),
])
def test_recursion_and_heap_take_turns(snek_builds, tmp_path, variant, levels, items):
    done = run(snek_builds[variant], DEPTH + f'''
print(depth({levels}))
big = [0] * {items}
print(len(big))
big = None
print(depth({levels}))
''', tmp_path)
    assert done.stderr.decode() == ''
    assert done.stdout.decode() == f'{levels}\n{items}\n{levels}\n'


@pytest.mark.parametrize('variant', ['posix-small', 'posix-gcstress'])
def test_recursion_too_deep_leaves_the_heap_whole(snek_builds, variant):
    """At the REPL, a recursion that fills the pool stops with an error and
    the next statement has the whole heap again."""
    items = 150 if variant == 'posix-small' else 100000
    source = DEPTH + f'''
print(depth(10 ** 6))
x = [0] * {items}
print(len(x), depth(4))
'''
    done = subprocess.run([str(snek_builds[variant])], input=source.encode(),
                          capture_output=True, timeout=300)
    out = done.stdout.decode()
    assert 'stack overflow' in out or 'out of memory' in out, out
    assert f'{items} 4\n' in out, out
