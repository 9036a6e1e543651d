# SPDX-License-Identifier: GPL-3.0-or-later
"""`snek --check FILE`: compile every statement, run none (the IDE's check before Put)."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope='module')
def snek() -> Path:
    subprocess.run(['make', '-s', '-C', str(ROOT / 'firmware'), 'posix'], check=True)
    return ROOT / 'firmware' / 'build' / 'posix' / 'snek'


def check(snek: Path, tmp_path: Path, program: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / 'program.py'
    source.write_text(program)
    return subprocess.run([str(snek), '--check', str(source)], capture_output=True, text=True,
                          timeout=10, check=False)


def test_a_good_program_is_compiled_not_run(snek, tmp_path):
    # Run, this would print, loop for ever and fail at its last line.
    result = check(snek, tmp_path, "print('ran')\nwhile True:\n    pass\nprint(1 + 'a')\n")
    assert (result.returncode, result.stdout, result.stderr) == (0, '', '')


@pytest.mark.parametrize(('program', 'error'), [
    ('x = 1\nif x = 3:\n    pass\n', ':2 Syntax error at "=".'),
    ('for i in range(3)\n    print(i)\n', ':1 Syntax error at end of line.'),
    ('x = 1\nreturn x\n', ':2 return outside function'),
    ("print('hi)\n", ':1 unterminated string'),
    ('def f(a, a):\n    pass\n', ':1 duplicate argument: a'),
])
def test_the_first_compile_error_names_its_line(snek, tmp_path, program, error):
    result = check(snek, tmp_path, program)
    assert result.returncode == 1
    assert result.stdout == ''
    assert result.stderr == f'{tmp_path / "program.py"}{error}\n'


def test_check_needs_a_file(snek):
    result = subprocess.run([str(snek), '--check'], capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, timeout=10, check=False)
    assert result.returncode == 2
    assert 'usage' in result.stderr
