# SPDX-License-Identifier: GPL-3.0-or-later
"""snek-qemu itself: the ARM build run as `snek FILE` is, compared byte for
byte with the host build on what the language suite does not already pin
down (error text, odd file names, input at its end)."""

import subprocess
from pathlib import Path

import pytest

from .qemu import qemu_arm  # noqa: F401 (a fixture)

LANG = Path(__file__).resolve().parents[1] / 'lang'
FAIL = sorted((LANG / 'fail').glob('*.py'))


def run(argv, cwd, stdin=b''):
    return subprocess.run([str(a) for a in argv], cwd=cwd, input=stdin, capture_output=True,
                          timeout=60)


@pytest.mark.parametrize('program', FAIL, ids=lambda p: p.stem)
def test_errors_are_the_hosts_byte_for_byte(program, qemu_arm, snek):
    host = run([snek, program.name], program.parent)
    arm = run([qemu_arm, program.name], program.parent)
    assert (arm.returncode, arm.stdout, arm.stderr) == (host.returncode, host.stdout, host.stderr)


@pytest.mark.parametrize('name', ['with space.py', 'comma,and%percent.py', 'ünïcode.py'])
def test_file_names_reach_the_firmware_intact(name, qemu_arm, tmp_path):
    (tmp_path / name).write_text('print("ran")\nprint(nothing)\n')
    got = run([qemu_arm, name], tmp_path)
    assert got.stdout == b'ran\n'
    assert got.stderr.decode() == f'{name}:2 undefined: nothing\n'
    assert got.returncode == 1


def test_a_missing_file_is_reported(qemu_arm, tmp_path):
    got = run([qemu_arm, 'nowhere.py'], tmp_path)
    assert got.returncode == 1
    assert b'cannot open nowhere.py' in got.stderr


def test_input_reads_stdin_to_its_end(qemu_arm, snek, tmp_path):
    (tmp_path / 'echo.py').write_text('n = 0\nwhile True:\n    line = input("> ")\n'
                                      '    if line == "":\n        break\n'
                                      '    n += 1\n    print(n, line)\n')
    stdin = b'first\nsecond line\n\nnot read\n'
    host = run([snek, 'echo.py'], tmp_path, stdin)
    arm = run([qemu_arm, 'echo.py'], tmp_path, stdin)
    assert arm.stdout == host.stdout == b'> 1 first\n> 2 second line\n> '
    assert arm.returncode == 0


def test_exit_status_is_the_programs(qemu_arm, tmp_path):
    (tmp_path / 'quit.py').write_text('print("bye")\nexit(7)\nprint("not here")\n')
    got = run([qemu_arm, 'quit.py'], tmp_path)
    assert (got.returncode, got.stdout) == (7, b'bye\n')


def test_bad_options_are_refused(qemu_arm, tmp_path):
    got = run([qemu_arm, '--no-such-option', 'x.py'], tmp_path)
    assert got.returncode == 2
    assert b'usage: snek-qemu' in got.stderr


#: Powers, exponentials and logarithms as programs print them: exact
#: results exactly, the others rounded (an ulp apart is possible: the
#: host's libm is not always correctly rounded either). picolibc's own
#: float powf printed 2.5 ** -4 as 0.025600001 (ports/snekboard/mathd.c).
MATH = '''
for b in range(-12, 13):
    for e in range(12):
        print(b ** e, end=' ')
    print()
for b in [0.5, 1.5, 2.5, 0.25, 10, 100, 0.1, 3]:
    for e in range(-6, 7):
        print(b ** e, end=' ')
    print(b ** 0.5, b ** -0.5)
for i in range(1, 200):
    print(round(exp(log(i)), 3), round(log(i), 5), round(exp(i / 10), 2), round(2 ** (i / 3), 3),
          log2(2 ** (i % 30)), sqrt(i), round(sin(i), 5), round(cos(i), 5))
'''


def test_powers_and_logarithms_are_the_hosts(qemu_arm, snek, tmp_path):
    (tmp_path / 'math_out.py').write_text(MATH)
    host = run([snek, 'math_out.py'], tmp_path)
    arm = run([qemu_arm, 'math_out.py'], tmp_path)
    assert host.returncode == arm.returncode == 0, arm.stderr
    assert arm.stdout.decode().splitlines() == host.stdout.decode().splitlines()
