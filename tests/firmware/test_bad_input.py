# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile and oversized input: every case must either work or stop with one
clear `FILE:LINE message` line, never crash, hang or trip a sanitizer.

Each case runs in every host build where it is fast enough; the GC-stress
build collects on every allocation, so it only gets the small cases (or a
smaller size of the same case).
"""

import random
import re
import subprocess
from pathlib import Path

import pytest

from .conftest import VARIANTS

TIMEOUT = 60
WELCOME = b'Welcome to Snek 0.1.0\n'
SANITIZER_MARKS = (b'Sanitizer', b'runtime error', b'==ERROR', b'Segmentation', b'Aborted')
# Variants fast enough for big inputs and long-running programs.
FAST = tuple(v for v in VARIANTS if 'gcstress' not in v)
N = 10000


def nest_depth(variant: str) -> int:
    """Depth for structures built at run time: smaller under GC stress, but
    still past any sensible nesting limit."""
    return 2000 if 'gcstress' in variant else N


def assert_no_crash(got: subprocess.CompletedProcess) -> None:
    for mark in SANITIZER_MARKS:
        assert mark not in got.stderr, got.stderr.decode(errors='replace')
        assert mark not in got.stdout, got.stdout[-2000:].decode(errors='replace')
    assert got.returncode in (0, 1), f'killed by signal {-got.returncode}' if got.returncode < 0 \
        else got.stderr.decode(errors='replace')


def run_file(binary: Path, tmp_path: Path, source: str | bytes,
             timeout: float = TIMEOUT) -> subprocess.CompletedProcess:
    data = source.encode() if isinstance(source, str) else source
    (tmp_path / 'prog.py').write_bytes(data)
    got = subprocess.run([str(binary), 'prog.py'], cwd=tmp_path, capture_output=True,
                         timeout=timeout)
    assert_no_crash(got)
    return got


def run_repl(binary: Path, data: str | bytes, timeout: float = TIMEOUT) -> subprocess.CompletedProcess:
    data = data.encode() if isinstance(data, str) else data
    got = subprocess.run([str(binary)], input=data, capture_output=True, timeout=timeout)
    assert_no_crash(got)
    return got


def assert_error(got: subprocess.CompletedProcess, messages: tuple[str, ...],
                 line: int | None = None) -> None:
    """Exit 1 with exactly one line `prog.py:LINE message` on stderr."""
    stderr = got.stderr.decode(errors='replace')
    line_re = str(line) if line is not None else r'\d+'
    pattern = rf'prog\.py:{line_re} ({"|".join(map(re.escape, messages))})\n'
    assert re.fullmatch(pattern, stderr), stderr[:2000]
    assert got.returncode == 1


def assert_works_or_error(got: subprocess.CompletedProcess, stdout: bytes,
                          messages: tuple[str, ...], line: int | None = None) -> None:
    if got.returncode == 0:
        assert got.stderr == b''
        assert got.stdout == stdout
    else:
        assert_error(got, messages, line)


# --- nesting in the source ---------------------------------------------------

@pytest.mark.parametrize('variant', VARIANTS)
def test_deeply_nested_parentheses(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, 'print(' + '(' * N + '1' + ')' * N + ')\n')
    assert_works_or_error(got, b'1\n', ('too deeply nested',), line=1)
    if got.returncode:
        assert got.stdout == b''


@pytest.mark.parametrize('variant', VARIANTS)
def test_deeply_nested_list_literal(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, 'print(len(' + '[' * N + ']' * N + '))\n')
    assert_works_or_error(got, b'1\n', ('too deeply nested',), line=1)
    if got.returncode:
        assert got.stdout == b''


@pytest.mark.parametrize('variant', VARIANTS)
@pytest.mark.parametrize('opener, closer', [('{1: ', '}'), ('(', ',)'), ('-', ''), ('not ', ''),
                                            ('f(', ')'), ('x[', ']')])
def test_other_deeply_nested_expressions(opener, closer, variant, snek_builds, tmp_path):
    source = 'def f(a):\n    return a\nx = [0]\ny = ' + opener * N + '0' + closer * N + '\nprint(1)\n'
    got = run_file(snek_builds[variant], tmp_path, source)
    assert_works_or_error(got, b'1\n', ('too deeply nested',), line=4)


@pytest.mark.parametrize('variant', VARIANTS)
def test_deeply_nested_blocks(variant, snek_builds, tmp_path):
    depth = 200
    source = ''.join('    ' * i + 'if 1:\n' for i in range(depth)) + '    ' * depth + 'print("deep")\n'
    got = run_file(snek_builds[variant], tmp_path, source)
    assert_works_or_error(got, b'deep\n', ('too deeply nested',))
    if got.returncode:
        assert got.stdout == b''


@pytest.mark.parametrize('variant', VARIANTS)
def test_deeply_nested_mixed_blocks(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, mixed_blocks(200))
    assert_works_or_error(got, b'deep\n', ('too deeply nested',))


def mixed_blocks(depth: int) -> str:
    heads = ('if 1:', 'for i{} in range(1):', 'while True:', 'if 0:\n{pad}    pass\n{pad}else:')
    source = ''
    for i in range(depth):
        pad = '    ' * i
        source += pad + heads[i % len(heads)].format(i, pad=pad) + '\n'
    source += '    ' * depth + 'print("deep")\n'
    # Leave each `while True:` once its body has run.
    source += ''.join('    ' * (i + 1) + 'break\n' for i in range(depth - 1, -1, -1) if i % 4 == 2)
    return source


@pytest.mark.parametrize('variant', VARIANTS)
def test_mixed_blocks_shallow_work(variant, snek_builds, tmp_path):
    """The same program, shallow enough for any limit, runs."""
    got = run_file(snek_builds[variant], tmp_path, mixed_blocks(16) + 'print("out")\n')
    assert (got.stdout, got.stderr, got.returncode) == (b'deep\nout\n', b'', 0)


# --- nesting built at run time -----------------------------------------------

def nested_list_program(depth: int, name: str = 'l') -> str:
    return f'{name} = []\nfor i in range({depth}):\n    {name} = [{name}]\n'


@pytest.mark.parametrize('variant', VARIANTS)
def test_nested_lists_at_run_time_len(variant, snek_builds, tmp_path):
    source = nested_list_program(nest_depth(variant)) + 'print(len(l))\nprint(len(l[0]))\n'
    got = run_file(snek_builds[variant], tmp_path, source)
    assert (got.stdout, got.stderr, got.returncode) == (b'1\n1\n', b'', 0)


@pytest.mark.parametrize('variant', VARIANTS)
def test_nested_lists_at_run_time_print(variant, snek_builds, tmp_path):
    depth = nest_depth(variant)
    got = run_file(snek_builds[variant], tmp_path, nested_list_program(depth) + 'print(l)\n')
    full = b'[' * (depth + 1) + b']' * (depth + 1) + b'\n'
    if got.returncode == 0:
        assert (got.stdout, got.stderr) == (full, b'')
    else:
        assert_error(got, ('too deeply nested',), line=4)
        assert full.startswith(got.stdout)


@pytest.mark.parametrize('variant', VARIANTS)
def test_nested_lists_at_run_time_str(variant, snek_builds, tmp_path):
    depth = nest_depth(variant)
    got = run_file(snek_builds[variant], tmp_path,
                   nested_list_program(depth) + 'print(len(str(l)))\n')
    assert_works_or_error(got, b'%d\n' % (2 * depth + 2), ('too deeply nested',), line=4)


@pytest.mark.parametrize('variant', VARIANTS)
def test_nested_lists_at_run_time_compare(variant, snek_builds, tmp_path):
    depth = nest_depth(variant)
    source = nested_list_program(depth, 'a') + nested_list_program(depth, 'b')
    source += 'print(a == b)\n'
    got = run_file(snek_builds[variant], tmp_path, source)
    assert_works_or_error(got, b'True\n', ('too deeply nested',), line=7)


@pytest.mark.parametrize('variant', VARIANTS)
def test_repl_recovers_after_deep_print_and_compare(variant, snek_builds):
    """After a nesting error halfway through printing or comparing, printing
    and comparing (including cycle detection) work again."""
    depth = nest_depth(variant)
    program = ('c = [1]\nc[0] = c\n' + nested_list_program(depth) + '\n'
               + nested_list_program(depth, 'm') + '\n'
               + 'print(l)\nl == m\nprint([1, [2, (3,)]])\nc\n[1, [2]] == [1, [2]]\n'
               + '[1, [2]] == [1, [3]]\nstr(c)\nprint(len(l))\n')
    got = run_repl(snek_builds[variant], program)
    assert got.stderr == b''
    assert got.returncode == 0
    assert got.stdout.endswith(b"> [1, [2, (3,)]]\n> [[...]]\n> True\n> False\n> '[[...]]'\n> 1\n> ")


# --- recursion ---------------------------------------------------------------

RECURSION = 'def f(n):\n    if n == 0:\n        return 0\n    return f(n - 1) + 1\nprint(f({}))\n'


@pytest.mark.parametrize('variant', VARIANTS)
def test_recursion_10000_deep(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, RECURSION.format(10000))
    assert_works_or_error(got, b'10000\n', ('stack overflow', 'out of memory'), line=4)


@pytest.mark.parametrize('variant', VARIANTS)
def test_recursion_1000000_deep_overflows_quickly(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, RECURSION.format(1000000), timeout=20)
    assert_error(got, ('stack overflow',), line=4)
    assert got.stdout == b''


@pytest.mark.parametrize('variant', VARIANTS)
def test_repl_recovers_after_stack_overflow(variant, snek_builds):
    program = RECURSION.format(1000000).replace('print(f(1000000))\n', '\nf(1000000)\nf(10)\nf(3) + 1\n')
    got = run_repl(snek_builds[variant], program)
    assert got.stderr == b''
    assert got.returncode == 0
    assert got.stdout.endswith(b'> <stdin>:4 stack overflow\n> 10\n> 4\n> ')


# --- big things ----------------------------------------------------------------

@pytest.mark.parametrize('variant', VARIANTS)
def test_one_megabyte_string_literal(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, 's = "' + 'x' * 1000000 + '"\nprint(len(s))\n')
    assert_works_or_error(got, b'1000000\n', ('out of memory', 'too big'), line=1)


@pytest.mark.parametrize('variant', FAST)
def test_one_megabyte_line(variant, snek_builds, tmp_path):
    count = 500000  # '1+' * 499999 + '1' is just under 1 MB
    got = run_file(snek_builds[variant], tmp_path, 'print(' + '+'.join(['1'] * count) + ')\n')
    assert_works_or_error(got, b'%d\n' % count, ('out of memory', 'too big', 'too deeply nested'),
                          line=1)


@pytest.mark.parametrize('variant', [v for v in VARIANTS if v not in FAST])
def test_long_line_gcstress(variant, snek_builds, tmp_path):
    """The same in the GC-stress build, a tenth of the size."""
    count = 50000
    got = run_file(snek_builds[variant], tmp_path,
                   'print(' + '+'.join(['1'] * count) + ')\n')
    assert_works_or_error(got, b'%d\n' % count, ('out of memory', 'too big', 'too deeply nested'),
                          line=1)


@pytest.mark.parametrize('variant', VARIANTS)
def test_long_name(variant, snek_builds, tmp_path):
    name = 'a' * 100
    got = run_file(snek_builds[variant], tmp_path, f'{name} = 5\nprint({name})\n')
    assert_works_or_error(got, b'5\n', ('name too long',), line=1)


# --- cycles --------------------------------------------------------------------

@pytest.mark.parametrize('variant', VARIANTS)
@pytest.mark.parametrize('source, expected', [
    ('l = [1]\nl[0] = l\nprint(l)\n', b'[[...]]\n'),
    ('l = [1, 2, 3]\nl[1] = l\nprint(l)\n', b'[1, [...], 3]\n'),
    ('l = [1]\nm = [l]\nl[0] = m\nprint(l)\nprint(m)\n', b'[[[...]]]\n[[[...]]]\n'),
    ('l = [1]\nl[0] = l\nprint(str(l), len(str(l)))\n', b'[[...]] 7\n'),
    ('d = {}\nd[1] = d\nprint(d)\n', b'{1: {...}}\n'),
], ids=['self', 'middle', 'pair', 'str', 'dict'])
def test_cyclic_structures_print_like_python(source, expected, variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, source)
    assert (got.stdout, got.stderr, got.returncode) == (expected, b'', 0)


# --- garbage -------------------------------------------------------------------

def garbage() -> bytes:
    rng = random.Random(20240607)
    data = bytes(rng.getrandbits(8) for _ in range(100000))
    data += b'\0' * 1000 + bytes(range(0x80, 0x100)) * 40 + b'x\0y\n\0\0\n\xff\xfe\n'
    data += bytes(rng.choice(b'([{:"\'\\#\n\t ') for _ in range(10000))
    return data


GARBAGE = garbage()


@pytest.mark.parametrize('variant', VARIANTS)
def test_binary_garbage_in_repl(variant, snek_builds):
    # Close any bracket, string or block the garbage may have left open.
    tail = b'\n"\n\'\n)\n]\n}\n\n\nprint(123)\n'
    got = run_repl(snek_builds[variant], GARBAGE + tail)
    assert got.stderr == b''
    assert got.returncode == 0
    assert got.stdout.startswith(WELCOME + b'> ')
    assert re.search(rb'<stdin>:\d+ Syntax error at ', got.stdout)
    # The garbage holds console control bytes (^O turns echo on), so the
    # last line may be echoed before its output.
    assert re.search(rb'\n> (print\(123\)\n)?123\n> $', got.stdout), got.stdout[-300:]


@pytest.mark.parametrize('variant', VARIANTS)
def test_binary_garbage_file(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, GARBAGE)
    assert got.returncode == 1
    assert got.stdout == b''
    assert re.fullmatch(rb'prog\.py:\d+ [^\n]+\n', got.stderr), got.stderr[:2000]


@pytest.mark.parametrize('variant', VARIANTS)
@pytest.mark.parametrize('data', [b'\0', b'\0\n', b'print(1)\0\n', b'"\0"\n', b'\xff\n', b'x\x80 = 1\n',
                                  b'\n\n\0\0print(1)\n', b'#\0\xff\n', b'"\xc3\xa9"\n'])
def test_stray_bytes_in_repl(data, variant, snek_builds):
    got = run_repl(snek_builds[variant], data + b'\nprint(123)\n')
    assert got.stderr == b''
    assert got.returncode == 0
    assert got.stdout.endswith(b'> 123\n> ')


# --- running out of memory -----------------------------------------------------

OOM_PROGRAMS = {
    'list_tree': "l = []\nwhile True:\n    l = [l, l, 'abc' * 10]\n",
    'string_doubling': "s = 'x'\nwhile True:\n    s = s + s\n",
}
# The list tree takes minutes to fill the heap when every allocation collects.
OOM_CASES = [(name, v) for name in OOM_PROGRAMS for v in VARIANTS
             if not (name == 'list_tree' and 'gcstress' in v)]


@pytest.mark.parametrize('name, variant', OOM_CASES)
def test_out_of_memory_as_file(name, variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, 'print(1)\n' + OOM_PROGRAMS[name])
    assert got.stdout == b'1\n'
    assert_error(got, ('out of memory',), line=4)


@pytest.mark.parametrize('name, variant', OOM_CASES)
def test_out_of_memory_in_repl_then_carry_on(name, variant, snek_builds):
    program = 'x = 41\n' + OOM_PROGRAMS[name] + '\nprint(7)\nprint(x + 1)\nl = 0\ns = 0\n'
    program += 'print([1, 2] * 2)\nprint("ok" * 3)\n'
    got = run_repl(snek_builds[variant], program)
    assert got.stderr == b''
    assert got.returncode == 0
    assert got.stdout.endswith(b'<stdin>:4 out of memory\n> 7\n> 42\n> > > [1, 2, 1, 2]\n> okokok\n> ')


@pytest.mark.parametrize('name, variant', OOM_CASES)
def test_out_of_memory_twice_in_repl(name, variant, snek_builds):
    """Running out twice in one session works the same both times."""
    body = OOM_PROGRAMS[name]
    got = run_repl(snek_builds[variant], body + '\n' + body + '\nprint(7)\n')
    assert got.stderr == b''
    assert got.returncode == 0
    assert got.stdout.count(b'out of memory\n') == 2
    assert got.stdout.endswith(b'<stdin>:7 out of memory\n> 7\n> ')


@pytest.mark.parametrize('variant', VARIANTS)
def test_dict_literal_with_more_pairs_than_a_byte_counts(snek_builds, tmp_path, variant):
    """300 key: value pairs in one literal build the whole dict (a byte-wide
    counter once made this loop forever)."""
    pairs = ', '.join(f'{i}: {i * 2}' for i in range(300))
    got = run_file(snek_builds[variant], tmp_path, f'd = {{{pairs}}}\nprint(len(d), d[299])\n')
    assert got.stdout.endswith(b'300 598\n'), got.stderr
