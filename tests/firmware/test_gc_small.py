# SPDX-License-Identifier: GPL-3.0-or-later
"""The collector with a small chip's tables, on the posix-small build.

posix-small has the Uno's 8-entry mark stack and forwarding table in a
1,200-byte pool, and checks every reference whenever marking ends
(SNEK_GC_STRESS=2, with the sanitizers). A program that keeps more than
eight objects among garbage and then needs a large block makes the mark
stack overflow (rescanning) and the full collection compact in several
passes, each leaving a free header over the dead space it has passed.
"""

import subprocess


def test_compaction_in_several_passes_keeps_every_object(snek_builds, tmp_path):
    program = tmp_path / 'prog.py'
    program.write_text('''
keep = []
for i in range(14):
    junk = [i, str(i)]
    keep += [(i, [i])]
junk = 0
s = 'x' * 200
t = 0
for k in keep:
    t += k[0] + k[1][0]
print(len(keep), t, len(s))
''')
    done = subprocess.run([str(snek_builds['posix-small']), str(program)], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode() == '14 182 200\n'


def test_a_heap_full_of_data_still_compiles_a_release(snek_builds):
    """Data fills the heap to its last granule (the longest string that fits,
    found by trying shorter ones: once one fits, the rest cannot be made
    beside it); the compiler's reserve still lets `x = None` compile."""
    lines = b''.join(b"x = 'a' * %d\n" % n for n in range(1300, 700, -1))
    done = subprocess.run([str(snek_builds['posix-small'])], input=lines + b'x = None\nprint(7)\n',
                          capture_output=True, timeout=60)
    out = done.stdout.decode() + done.stderr.decode()
    assert out.count('out of memory') == 599, out[-400:]
    assert out.endswith('> > 7\n> '), out[-400:]
