# SPDX-License-Identifier: GPL-3.0-or-later
"""The math subset small chips keep (SNEK_MATH_FULL 0, as ports/uno sets),
built for the host with sanitizers: each function it keeps answers as the
full module does, the rest are undefined, and the built-in name table
(module prefixes, bare aliases, shared wrappers) still reads right."""

import subprocess
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / 'firmware'
VARIANT = 'posix-mathsubset'
FLAGS = ('-O1 -g -DSNEK_POSIX_SMALL=1 -DSNEK_MATH_FULL=0 -fsanitize=address,undefined '
         '-fno-sanitize=alignment -fno-sanitize-recover=all')

KEPT = '''
print(sqrt(2), math.sqrt(16), floor(-0.5), math.floor(2.7), ceil(2.1), math.ceil(-2.1))
print(trunc(-2.9), math.trunc(2.9), fabs(-2.5), math.fabs(3))
print('%.4f %.4f %.4f' % (exp(1.5), math.log(10), log(8, 2)))
print(pow(2, 10), math.pow(2, -2), pi, math.pi, e, math.e)
print(sqrt, math.sqrt, pow, round, sys.stdout.flush)
print(1 / floor(-0.2), 1 / ceil(-0.5), 1 / trunc(-0.5))
sqrt = 3
print(sqrt, math.sqrt(9))
del sqrt
print(sqrt(9))
'''


@pytest.fixture(scope='module')
def builds(snek_builds) -> dict[str, Path]:
    subprocess.run(['make', '-s', '-C', str(FIRMWARE), f'build/{VARIANT}/snek',
                    f'FLAGS_{VARIANT}={FLAGS}'], check=True, capture_output=True)
    return {'subset': FIRMWARE / 'build' / VARIANT / 'snek', 'full': snek_builds['posix']}


def run(snek: Path, tmp_path: Path, source: str) -> subprocess.CompletedProcess:
    program = tmp_path / 'prog.py'
    program.write_text(source)
    return subprocess.run([str(snek), program.name], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)


def test_kept_functions_answer_as_the_full_module(builds, tmp_path):
    full = run(builds['full'], tmp_path, KEPT)
    subset = run(builds['subset'], tmp_path, KEPT)
    assert full.returncode == 0, full.stderr
    assert subset.returncode == 0, subset.stderr
    assert subset.stdout == full.stdout
    assert '<built-in function math.sqrt>' not in full.stdout


@pytest.mark.parametrize('name', ['math.factorial', 'gcd', 'math.isclose', 'tau', 'math.inf',
                                  'hypot', 'math.asinh', 'lgamma', 'sin', 'math.cos', 'tan',
                                  'math.atan', 'atan2'])
def test_the_rest_is_undefined(builds, tmp_path, name):
    done = run(builds['subset'], tmp_path, f'print(1)\nprint({name})\n')
    assert done.stdout == '1\n'
    assert done.returncode == 1
    assert done.stderr.strip() == f'prog.py:2 undefined: {name}'
    assert run(builds['full'], tmp_path, f'print({name})\n').returncode == 0


def test_wrong_argument_counts(builds, tmp_path):
    for source, message in (('sqrt()', 'bad args. wanted 1 got 0'),
                            ('pow(1)', 'bad args. wanted 2 got 1'),
                            ('sqrt("x")', 'invalid type: \'x\'')):
        for snek in builds.values():
            done = run(snek, tmp_path, source + '\n')
            assert done.stderr.strip() == f'prog.py:1 {message}', (snek, source)
