# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/system-packages, run with fake dpkg-query, apt-get, apt-cache, sudo and id first
on PATH: each fake records how it was called, so the tests see exactly what the script
would have done to a machine."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.setup.hidden_path import path_without
from tests.toolcheck import HOST, TOOLS

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / 'tools' / 'system-packages'
FAKES = ('dpkg-query', 'apt-get', 'apt-cache', 'sudo', 'id')

# The fakes log their arguments as JSON lines to $FAKE_LOG. dpkg-query knows the packages
# of $FAKE_INSTALLED: one a line, "name status provides" with status "ii" (installed) or
# "rc" (removed, its configuration left) and provides a comma list (may be empty).
FAKE = '''#!{python}
import json, os, sys
name = os.path.basename(sys.argv[0])
with open(os.environ['FAKE_LOG'], 'a') as log:
    log.write(json.dumps([name, *sys.argv[1:]]) + '\\n')
if name == 'id':
    print(os.environ['FAKE_UID'] if sys.argv[1:] == ['-u'] else 'uid=?')
elif name == 'sudo':
    os.execvp(sys.argv[1], sys.argv[1:])
elif name == 'dpkg-query':
    form = next(a.split('=', 1)[1] for a in sys.argv[1:] if a.startswith('-f='))
    form = form.replace('\\\\n', '\\n')
    for line in open(os.environ['FAKE_INSTALLED']).read().splitlines():
        package, status, *provides = line.split(' ', 2)
        sys.stdout.write(form.replace('${{db:Status-Abbrev}}', status + ' ')
                         .replace('${{Package}}', package)
                         .replace('${{Provides}}', provides[0] if provides else ''))
'''


def group(name: str) -> list[str]:
    done = subprocess.run([str(SCRIPT), 'list', name], capture_output=True, text=True,
                          check=True, timeout=60)
    return done.stdout.split()


@dataclass
class Run:
    returncode: int
    output: str
    calls: list[list[str]]

    def called(self, command: str) -> list[list[str]]:
        return [call[1:] for call in self.calls if call[0] == command]


@pytest.fixture
def machine(tmp_path):
    """Run the script on a fake machine: machine(group, installed=..., uid=..., fakes=...)."""
    fake_bin = tmp_path / 'fake-bin'
    fake_bin.mkdir()
    system_path = path_without(set(FAKES), tmp_path / 'system-bin')

    def run(*args: str, installed: list[str] = (), uid: int = 0,
            fakes: tuple[str, ...] = FAKES) -> Run:
        for fake in fake_bin.iterdir():
            fake.unlink()
        for fake in fakes:
            (fake_bin / fake).write_text(FAKE.format(python=sys.executable))
            (fake_bin / fake).chmod(0o755)
        log = tmp_path / 'calls.jsonl'
        log.write_text('')
        database = tmp_path / 'installed'
        database.write_text(''.join(f'{line if " " in line else line + " ii"}\n'
                                    for line in installed))
        env = {'PATH': f'{fake_bin}:{system_path}', 'FAKE_LOG': str(log),
               'FAKE_INSTALLED': str(database), 'FAKE_UID': str(uid), 'LC_ALL': 'C'}
        done = subprocess.run(['bash', str(SCRIPT), *args], env=env, capture_output=True,
                              text=True, timeout=60)
        calls = [json.loads(line) for line in log.read_text().splitlines()]
        return Run(done.returncode, done.stdout + done.stderr, calls)

    return run


def test_ide_is_a_subset_of_test():
    ide, test = group('ide'), group('test')
    assert len(set(test)) == len(test), 'a package is listed twice'
    assert set(ide) < set(test)


def test_ide_has_no_test_toolchain():
    """`make ide` needs only the IDE and the simulator: no AVR, ARM, clang or X server."""
    test_only = {tool.package for tool in TOOLS.values() if tool.name not in HOST}
    assert set(group('ide')) & test_only == set()
    assert {'build-essential', 'make', 'python3-venv'} <= set(group('ide'))


@pytest.mark.parametrize('name', ['ide', 'test'])
def test_nothing_installed_when_all_is_there(machine, name):
    run = machine(name, installed=group('test'))
    assert run.returncode == 0, run.output
    assert run.output == ''
    # One look at the package database, nothing else.
    assert [call[0] for call in run.calls] == ['dpkg-query']


def test_only_the_missing_packages_are_asked_for_as_root(machine):
    test = group('test')
    lacking = ['gcc-avr', 'libclang-rt-dev', 'xvfb']
    run = machine('test', installed=[p for p in test if p not in lacking], uid=0)
    assert run.returncode == 0, run.output
    assert run.called('sudo') == []
    assert run.called('apt-get') == [
        ['update', '-q'],
        ['install', '-y', '-q', '--no-install-recommends', *lacking]]
    assert 'gcc-avr libclang-rt-dev xvfb' in run.output


def test_the_ide_group_asks_only_for_ide_packages(machine):
    run = machine('ide', installed=[], uid=0)
    assert run.returncode == 0, run.output
    assert run.called('apt-get')[-1] == ['install', '-y', '-q', '--no-install-recommends',
                                         *group('ide')]


def test_sudo_when_not_root(machine):
    test = group('test')
    run = machine('test', installed=[p for p in test if p != 'avrdude'], uid=1000)
    assert run.returncode == 0, run.output
    apt = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get']
    assert run.called('sudo') == [[*apt, 'update', '-q'],
                                  [*apt, 'install', '-y', '-q', '--no-install-recommends',
                                   'avrdude']]
    # What sudo ran reached apt-get.
    assert run.called('apt-get')[-1][-1] == 'avrdude'


def test_not_root_and_no_sudo_says_what_to_run(machine):
    test = group('test')
    run = machine('test', installed=[p for p in test if p not in ('clang', 'xdotool')], uid=1000,
                  fakes=('dpkg-query', 'apt-get', 'apt-cache', 'id'))
    assert run.returncode == 1
    assert 'apt-get install --no-install-recommends clang xdotool' in run.output
    assert run.called('apt-get') == []


def test_without_apt_prints_the_exact_list(machine):
    for name in ('ide', 'test'):
        run = machine(name, fakes=('id',))
        assert run.returncode == 0, run.output
        assert 'no apt-get' in run.output
        listed = [line.strip() for line in run.output.splitlines() if line.startswith('  ')]
        assert listed == group(name)
        assert run.calls == []


def test_a_package_provided_by_another_counts_as_installed(machine):
    """Ubuntu 24.04's libglib2.0-0t64 provides libglib2.0-0."""
    others = [p for p in group('ide') if p != 'libglib2.0-0']
    run = machine('ide', installed=[*others, 'libglib2.0-0t64 ii libglib2.0-0 (= 2.80.0-6), libfoo'])
    assert run.returncode == 0, run.output
    assert run.called('apt-get') == []


def test_a_removed_package_is_missing(machine):
    """dpkg keeps removed packages whose configuration is left ("rc"): not installed."""
    others = [p for p in group('ide') if p != 'make']
    run = machine('ide', installed=[*others, 'make rc'])
    assert run.called('apt-get')[-1][-1:] == ['make']


@pytest.mark.parametrize('args', [[], ['nothing'], ['list'], ['list', 'nothing'], ['ide', 'test']])
def test_usage(machine, args):
    run = machine(*args)
    assert run.returncode == 2
    assert 'usage:' in run.output
    assert run.called('apt-get') == []
