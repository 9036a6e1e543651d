# SPDX-License-Identifier: GPL-3.0-or-later
"""A missing external tool says so once (tests/toolcheck.py): pytest run in a subprocess,
on a small sample of the suite, with a tool taken off PATH."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.setup.hidden_path import path_without
from tests.toolcheck import TOOLS

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / 'tests'
SCRIPT = ROOT / 'tools' / 'system-packages'

#: Tests that need avr-gcc through a fixture (the whole module), through their own name,
#: and one that needs nothing but Python.
SAMPLE = ['tests/firmware/test_avrsim.py',
          'tests/firmware/test_build.py::test_uno_size_report',
          'tests/firmware/test_build.py::test_grammar_is_ll1_and_tables_are_small']


def pytest_run(args: list[str], *, hidden: set[str], ci: bool, cwd: Path, tmp_path: Path,
               ) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != 'CI'}
    env['PATH'] = path_without(hidden, tmp_path / 'bin')
    env['PYTHONPATH'] = str(ROOT)
    if ci:
        env['CI'] = 'true'
    return subprocess.run([sys.executable, '-m', 'pytest', '-p', 'no:cacheprovider', *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def conftest_tables() -> list[tuple[Path, dict[str, tuple[str, ...]]]]:
    """Each conftest's NEEDS_TOOLS, read from its source."""
    tables = []
    for conftest in TESTS.rglob('conftest.py'):
        for node in ast.parse(conftest.read_text()).body:
            if isinstance(node, ast.Assign) and any(
                    getattr(t, 'id', None) == 'NEEDS_TOOLS' for t in node.targets):
                keys = [ast.literal_eval(k) for k in node.value.keys]
                tables.append((conftest, keys))
    return tables


def test_every_package_named_is_in_the_test_group():
    listed = subprocess.run([str(SCRIPT), 'list', 'test'], capture_output=True, text=True,
                            check=True, timeout=60).stdout.split()
    assert {tool.package for tool in TOOLS.values()} - set(listed) == set()


def test_every_declared_name_exists():
    """A renamed fixture, test or module must not leave its declaration behind unnoticed."""
    tables = conftest_tables()
    assert {path.parent.name for path, _ in tables} >= {'firmware', 'ide'}
    for conftest, keys in tables:
        sources = {p: p.read_text() for p in conftest.parent.rglob('*.py')}
        for key in keys:
            if key.endswith('.py'):
                assert any(p.name == key for p in sources), f'{conftest}: no module {key}'
            else:
                pattern = re.compile(rf'^\s*def {re.escape(key)}\(', re.M)
                assert any(pattern.search(text) for text in sources.values()), \
                    f'{conftest}: no fixture or test named {key}'


def test_a_missing_tool_is_one_line_and_skips_its_tests(tmp_path):
    line = TOOLS['avr-gcc'].line()
    done = pytest_run(SAMPLE, hidden={'avr-gcc'}, ci=False, cwd=ROOT, tmp_path=tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert out.count(line) == 1, out
    assert 'gcc-avr' in line and 'tools/system-packages test' in line
    assert 'Traceback' not in out and 'Error' not in out, out
    assert re.search(r'\b1 passed, (\d+) skipped\b', out), out
    assert 'missing tools' not in out   # nothing more to say than the skip line


def test_under_ci_a_missing_tool_fails_the_run(tmp_path):
    line = TOOLS['avr-gcc'].line()
    done = pytest_run(SAMPLE, hidden={'avr-gcc'}, ci=True, cwd=ROOT, tmp_path=tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert out.count(line) == 1, out
    assert 'CI=true: missing tools fail the run (avr-gcc).' in out
    assert 'Traceback' not in out and 'Error' not in out, out


SYNTHETIC_CONFTEST = '''
pytest_plugins = ('tests.toolcheck',)
NEEDS_TOOLS = {
    'screen': ('Xvfb', 'xdotool'),
    'test_xvfb_alone': ('Xvfb',),
    'test_compiler.py': ('make', 'gcc'),
}
'''
SYNTHETIC_TESTS = '''
import pytest

@pytest.fixture(scope='session')
def screen():
    raise AssertionError('a fixture whose tool is missing must not run')

def test_xvfb_alone():
    pass

@pytest.mark.parametrize('n', range(5))
def test_driven(screen, n):
    pass

def test_nothing_needed():
    pass
'''


@pytest.fixture
def synthetic(tmp_path):
    """A small project of its own with the plugin, away from the real suite."""
    project = tmp_path / 'project'
    project.mkdir()
    (project / 'conftest.py').write_text(SYNTHETIC_CONFTEST)
    (project / 'test_screen.py').write_text(SYNTHETIC_TESTS)
    (project / 'test_compiler.py').write_text('def test_cc():\n    pass\n')
    return project


@pytest.mark.parametrize('report', ['-ra', '-rfE'])
def test_each_missing_tool_named_once_even_behind_another(synthetic, tmp_path, report):
    done = pytest_run(['-q', report], hidden={'Xvfb', 'xdotool'}, ci=False, cwd=synthetic,
                      tmp_path=tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    # Six tests skip for Xvfb, the first of their tools. pytest's summary of skips (-rs)
    # names it; xdotool, behind it, and all of them without that summary, have their
    # line in the run's own section.
    folded = re.search(r'SKIPPED \[6\] .*' + re.escape(TOOLS['Xvfb'].line()), out)
    assert bool(folded) == (report == '-ra'), out
    assert out.count(TOOLS['Xvfb'].line()) == 1, out
    assert out.count(TOOLS['xdotool'].line()) == 1, out
    assert '2 passed, 6 skipped' in out
    assert 'AssertionError' not in out


def test_a_tool_whose_check_needs_a_missing_one_is_not_reported(synthetic, tmp_path):
    """Without gcc the libraries cannot be checked: gcc's line is the one to read."""
    (synthetic / 'conftest.py').write_text(
        SYNTHETIC_CONFTEST.replace("('make', 'gcc')", "('gcc', 'libelf')"))
    done = pytest_run(['-q', 'test_compiler.py'], hidden={'gcc', 'cc'}, ci=True,
                      cwd=synthetic, tmp_path=tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert out.count(TOOLS['gcc'].line()) == 1, out
    assert 'libelf' not in out, out


def test_an_unknown_tool_is_a_usage_error(synthetic, tmp_path):
    (synthetic / 'conftest.py').write_text(
        SYNTHETIC_CONFTEST.replace("('Xvfb',)", "('Xvfbb',)"))
    done = pytest_run(['-q'], hidden=set(), ci=False, cwd=synthetic, tmp_path=tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, out
    assert "test_xvfb_alone needs unknown tools ['Xvfbb']" in out
