# SPDX-License-Identifier: GPL-3.0-or-later
"""The external tools the tests need: each checked once, a missing one named in one line.

A conftest declares which tools the fixtures, tests and test modules below its folder
need, in a module-level table keyed by their names::

    NEEDS_TOOLS = {'avrsim_build': AVRSIM, 'test_fuzz_smoke': FUZZ, 'test_llgen.py': HOST}

A test needs the tools of every fixture it uses (directly or through other fixtures), of
its own name and of its module's file name. Before the tests run, each tool the selected
tests need is checked once. A test whose tool is missing is skipped, before any of its
fixtures runs, with one line that names the Debian package to install; pytest's summary
folds those skips into one line per tool. Under CI=true a missing tool fails the run: CI
installs everything (tools/system-packages test), so a missing tool there is a broken
set-up, not a choice.

TOOLS is the one map from tools to Debian packages; every package it names is in the
`test` group of tools/system-packages (tests/setup/test_toolcheck.py checks it).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

#: The command that installs every package the test suite needs.
INSTALL_ALL = 'tools/system-packages test'
#: Where the Arduino bootloaders live in Debian's arduino-core-avr.
BOOTLOADERS = Path('/usr/share/arduino/hardware/arduino/avr/bootloaders')


@dataclass(frozen=True)
class Tool:
    name: str
    #: The Debian package that brings it.
    package: str
    present: Callable[[], bool]
    #: A tool whose check needs another one (a library checked with its compiler) is
    #: not reported while that one is missing: installing the first one's package
    #: comes first, and tools/system-packages brings both.
    after: str | None = None

    def line(self) -> str:
        """What a user reads: the one line for this tool."""
        return (f'{self.name} is missing: install the Debian package {self.package} '
                f'(or every package the tests need: {INSTALL_ALL})')


def command(name: str) -> Callable[[], bool]:
    return lambda: shutil.which(name) is not None


def builds(compiler: str, source: str, *flags: str) -> Callable[[], bool]:
    """True when compiler turns source (C) into a program with flags."""
    def probe() -> bool:
        with tempfile.TemporaryDirectory() as work:
            done = subprocess.run([compiler, '-x', 'c', '-', '-o', os.path.join(work, 'probe'),
                                   *flags], input=source, capture_output=True, text=True,
                                  timeout=120)
        return done.returncode == 0
    return probe


def exists(path: Path) -> Callable[[], bool]:
    return path.exists


MAIN = 'int main(void) { return 0; }\n'
FUZZ_TARGET = ('#include <stddef.h>\n#include <stdint.h>\n'
               'int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) '
               '{ (void)data; (void)size; return 0; }\n')

TOOLS: dict[str, Tool] = {tool.name: tool for tool in (
    Tool('make', 'make', command('make')),
    # The host compiler: the Makefile calls it cc, some tests gcc.
    Tool('gcc', 'build-essential', lambda: command('cc')() and command('gcc')()),
    Tool('avr-gcc', 'gcc-avr', command('avr-gcc')),
    Tool('avr-libc', 'avr-libc', builds('avr-gcc', '#include <avr/io.h>\n' + MAIN,
                                        '-mmcu=atmega328p'), after='avr-gcc'),
    Tool('avr-objdump', 'binutils-avr', command('avr-objdump')),
    Tool('libsimavr', 'libsimavr-dev', builds('gcc', '#include <simavr/sim_avr.h>\n' + MAIN,
                                              '-lsimavr', '-lelf'), after='gcc'),
    Tool('libelf', 'libelf-dev', builds('gcc', '#include <libelf.h>\n' + MAIN, '-lelf'),
         after='gcc'),
    Tool('avrdude', 'avrdude', command('avrdude')),
    Tool('Arduino bootloaders', 'arduino-core-avr',
         exists(BOOTLOADERS / 'optiboot' / 'optiboot_atmega328.hex')),
    Tool('arm-none-eabi-gcc', 'gcc-arm-none-eabi', command('arm-none-eabi-gcc')),
    Tool('picolibc', 'picolibc-arm-none-eabi',
         builds('arm-none-eabi-gcc', MAIN, '-mcpu=cortex-m0', '-mthumb', '--specs=picolibc.specs',
                '--oslib=semihost'), after='arm-none-eabi-gcc'),
    Tool('qemu-system-arm', 'qemu-system-arm', command('qemu-system-arm')),
    Tool('clang', 'clang', command('clang')),
    Tool("clang's fuzzer runtime", 'libclang-rt-dev',
         builds('clang', FUZZ_TARGET, '-fsanitize=fuzzer,address,undefined'), after='clang'),
    Tool('Xvfb', 'xvfb', command('Xvfb')),
    Tool('xdotool', 'xdotool', command('xdotool')),
    Tool('desktop-file-validate', 'desktop-file-utils', command('desktop-file-validate')),
)}


# What each kind of firmware build or run needs, for the conftests' tables.
HOST = ('make', 'gcc')
AVR = ('make', 'avr-gcc', 'avr-libc', 'avr-objdump')
AVRSIM = HOST + AVR + ('libsimavr', 'libelf')
FLASH = AVRSIM + ('avrdude', 'Arduino bootloaders')
ARM = ('make', 'arm-none-eabi-gcc', 'picolibc')
QEMU_ARM = ARM + ('qemu-system-arm',)
FUZZ = HOST + ('clang', "clang's fuzzer runtime")
SCREEN = ('Xvfb',)


@functools.cache
def missing(name: str) -> bool:
    """Whether a tool is missing and to be reported (checked once per run)."""
    tool = TOOLS[name]
    if tool.after is not None and missing(tool.after):
        return False
    return not tool.present()


def in_ci() -> bool:
    return os.environ.get('CI', '').lower() in ('true', '1', 'yes')


def declarations(config: pytest.Config) -> Iterator[tuple[Path, dict[str, tuple[str, ...]]]]:
    """Each conftest's NEEDS_TOOLS table, with the folder it covers."""
    for plugin in config.pluginmanager.get_plugins():
        table = getattr(plugin, 'NEEDS_TOOLS', None)
        source = getattr(plugin, '__file__', None)
        if table is None or source is None:
            continue
        for name, tools in table.items():
            unknown = [tool for tool in tools if tool not in TOOLS]
            if unknown:
                raise pytest.UsageError(f'{source}: {name} needs unknown tools {unknown}; '
                                        f'known: {sorted(TOOLS)}')
        yield Path(source).parent, table


def needed(item: pytest.Item, tables: list[tuple[Path, dict[str, tuple[str, ...]]]]) -> list[str]:
    """The tools an item needs, in TOOLS order."""
    names = {*getattr(item, 'fixturenames', ()), getattr(item, 'originalname', item.name),
             item.path.name}
    tools = {tool for folder, table in tables if item.path.is_relative_to(folder)
             for name in names & table.keys() for tool in table[name]}
    return [tool for tool in TOOLS if tool in tools]


#: The tools an item needs that are missing, in TOOLS order.
MISSING = pytest.StashKey[list[str]]()
#: Every missing tool the selected tests need, in TOOLS order.
ALL_MISSING = pytest.StashKey[list[str]]()
#: The tools tests were skipped for (each test names its first missing tool).
NAMED = pytest.StashKey[set[str]]()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    tables = list(declarations(config))
    lacking: set[str] = set()
    for item in items:
        item.stash[MISSING] = [tool for tool in needed(item, tables) if missing(tool)]
        lacking.update(item.stash[MISSING])
    config.stash[ALL_MISSING] = [tool for tool in TOOLS if tool in lacking]
    config.stash[NAMED] = set()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    lacking = item.stash.get(MISSING, [])
    if lacking:
        item.config.stash[NAMED].add(lacking[0])
        # Raised from this line for every test: pytest's summary folds the skips into one
        # line per reason, that is one line per tool.
        pytest.skip(TOOLS[lacking[0]].line())


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> Iterator[None]:
    """After pytest's own summary: the lines its skips did not say, and CI's verdict."""
    yield
    lacking = config.stash.get(ALL_MISSING, [])
    if not lacking:
        return
    # The summary's skip lines already name the tools tests were skipped for.
    named = config.stash[NAMED] if terminalreporter.hasopt('s') else set()
    lines = [TOOLS[tool].line() for tool in lacking if tool not in named]
    if in_ci():
        lines.append(f'CI=true: missing tools fail the run ({", ".join(lacking)}).')
    if lines:
        terminalreporter.section('missing tools', sep='=', red=in_ci(), yellow=not in_ci())
        for line in lines:
            terminalreporter.line(line)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if in_ci() and session.config.stash.get(ALL_MISSING, []) and session.exitstatus in (
            pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
