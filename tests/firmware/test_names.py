# SPDX-License-Identifier: GPL-3.0-or-later
"""The built-in name table (tools/gennames.py, core/name.c): every name is
found from its text and spelled back from its number, whatever it shares
with the name before it in the table."""

import subprocess
import sys

import pytest

from .conftest import FIRMWARE

sys.path.insert(0, str(FIRMWARE / 'tools'))
import gennames  # noqa: E402


def builtin_names(*flags: str) -> list[str]:
    """Every built-in name of the host build (with flags), in table order."""
    text = subprocess.run(['cc', '-E', '-P', '-x', 'c', *flags, '-Iports/posix', '-Icore',
                           'core/builtins.def'], cwd=FIRMWARE, check=True, capture_output=True,
                          text=True).stdout
    entries, _, _ = gennames.parse(text.splitlines())
    return [name for e in entries for name in e.names()]


def test_aliases_follow_their_prefixed_names():
    names = builtin_names()
    assert len(set(names)) == len(names)
    assert names.index('sqrt') == names.index('math.sqrt') + 1
    prefixed = [n for n in names if '.' in n]
    assert prefixed == sorted(prefixed)


@pytest.mark.parametrize('variant', ['posix', 'posix-small'])
def test_every_builtin_name_round_trips(snek_builds, variant):
    """Bound, unbound, then unbound again: the last `del NAME` reports the
    name undefined. The lexer finds its number from its text, the error
    spells it back from the number, and the rebinding goes through the
    built-ins' shadow slots."""
    names = builtin_names(*(['-DSNEK_POSIX_SMALL=1'] if variant == 'posix-small' else []))
    for first in range(0, len(names), 24):  # what the small heap has room for
        batch = names[first:first + 24]
        program = ''.join(f'{name} = 0\ndel {name}\ndel {name}\n' for name in batch)
        done = subprocess.run([str(snek_builds[variant])], input=program.encode(),
                              capture_output=True, timeout=60)
        errors = [line.lstrip('> ') for line in done.stdout.decode().splitlines()[1:]]
        assert errors[:len(batch)] == [f'<stdin>:{3 * i + 3} undefined: {name}'
                                       for i, name in enumerate(batch)]
