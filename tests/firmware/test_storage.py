# SPDX-License-Identifier: GPL-3.0-or-later
"""The Snekboard's program storage (firmware/ports/snekboard/storage.c)
on a simulated flash (tests/firmware/storage_harness.c): a power cut at
every flash operation of a store, each left half done three ways, must
leave the old program, or (cut while the header is written) the new one
whole; never a mix, never garbage. The board runs what this reads back."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PORT = ROOT / 'firmware' / 'ports' / 'snekboard'
HARNESS = Path(__file__).resolve().parent / 'storage_harness.c'
ROOM = 16 * 1024 - 64  # STORAGE_ROOM
MODES = ('first', 'last', 'bits')


@pytest.fixture(scope='session')
def harness_exe(tmp_path_factory) -> Path:
    exe = tmp_path_factory.mktemp('storage') / 'storage_harness'
    subprocess.run(['gcc', '-std=gnu11', '-O1', '-g', '-Wall', '-Wextra', '-Wshadow', '-Werror',
                    '-fsanitize=address,undefined', '-fno-sanitize-recover=all', f'-I{PORT}',
                    '-o', str(exe), str(HARNESS), str(PORT / 'storage.c')], check=True)
    return exe


class Flash:
    def __init__(self, exe: Path):
        self.proc = subprocess.Popen([str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)

    def __call__(self, line: str) -> str:
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        assert answer and not answer.startswith(('error', 'bad')), (line, answer)
        return answer

    def store(self, length: int, seed: int) -> int:
        answer = self(f'store {length} {seed}')
        assert answer.startswith('ok '), answer
        return int(answer.split()[1])

    def program(self) -> tuple[int, str]:
        """What boot finds: (length, seed of the store that wrote it)."""
        words = self('boot').split()
        return int(words[1]), words[2]

    def close(self):
        self.proc.stdin.close()
        self.proc.stdout.read()
        self.proc.stdout.close()
        assert self.proc.wait(timeout=10) == 0


def stored(length: int, seed: int) -> tuple[int, str]:
    """What program() says after storing (length, seed)."""
    return (length, str(seed)) if length else (0, '0')


@pytest.fixture
def flash(harness_exe):
    f = Flash(harness_exe)
    yield f
    f.close()


def test_a_program_reads_back_after_boot(flash):
    assert flash.program() == (0, '0')  # blank flash: no program
    flash.store(120, 1)
    assert flash.program() == (120, '1')
    flash.store(3000, 2)
    assert flash.program() == (3000, '2')
    flash.store(0, 3)  # eeprom.erase()
    assert flash.program() == (0, '0')


#: (what is stored before, the store that loses power)
SCENARIOS = {
    'into a blank flash': ([], (100, 11)),
    'into the second slot': ([(100, 1)], (300, 12)),
    'over the older of two': ([(100, 1), (300, 2)], (50, 13)),
    'a long one over a short one': ([(10, 1), (20, 2)], (5000, 14)),
    'a short one after a long one': ([(ROOM, 1)], (10, 15)),
    'an empty one (erase)': ([(100, 1), (200, 2)], (0, 16)),
    'a full slot': ([(64, 1)], (ROOM, 17)),
}


@pytest.mark.parametrize('name', SCENARIOS)
def test_a_power_cut_at_every_step_keeps_the_old_program(flash, name):
    before, (length, seed) = SCENARIOS[name]
    for n, s in before:
        flash.store(n, s)
    old = flash.program()
    flash('save')
    steps = flash.store(length, seed)  # a store that completes: how many flash operations
    assert flash.program() == stored(length, seed)
    assert steps >= 2  # at least an erase and the header
    for step in range(steps):
        for mode in MODES:
            flash('restore')
            flash(f'cut {step} {mode}')
            assert flash(f'store {length} {seed}') == 'cut'
            # Until the header is written the new program does not exist;
            # a cut while it is written leaves it whole or not there.
            got = flash.program()
            if step < steps - 1:
                assert got == old, (step, mode)
            else:
                assert got in (old, stored(length, seed)), (step, mode)
            # And the board can store again after the cut.
            flash.store(77, 99)
            assert flash.program() == (77, '99'), (step, mode)


def test_too_long_a_program_is_refused_and_the_old_one_kept(flash):
    flash.store(40, 1)
    assert flash(f'store {ROOM + 1} 2') == 'refused'
    assert flash.program() == (40, '1')


def test_a_damaged_newest_slot_falls_back_to_the_one_before(flash):
    flash.store(100, 1)  # slot 0
    flash.store(200, 2)  # slot 1, newer
    flash(f'flip {16 * 1024 + 64 + 150}')  # one bit of slot 1's text
    assert flash.program() == (100, '1')
    flash('flip 70')  # and one of slot 0's
    assert flash.program() == (0, '0')  # nothing valid: no program, never garbage


def test_a_damaged_header_is_not_trusted(flash):
    flash.store(100, 1)
    flash.store(200, 2)
    flash(f'flip {16 * 1024 + 8}')  # slot 1's length
    assert flash.program() == (100, '1')


@pytest.mark.parametrize('first, second, newest', [
    (0xFFFFFFFF, 0, '2'),  # the sequence wrapped: 0 is newer than 0xFFFFFFFF
    (0, 0xFFFFFFFF, '1'),
    (5, 6, '2'),
])
def test_the_newest_slot_wins_across_a_wrap(flash, first, second, newest):
    flash.store(100, 1)
    flash.store(200, 2)
    flash(f'sequence 0 {first:#x}')
    flash(f'sequence 1 {second:#x}')
    assert flash.program()[1] == newest


def test_stores_alternate_and_never_write_unerased_flash(flash):
    # The harness reports a write to a page that was not erased; many
    # stores of every size cycle both slots.
    for i in range(40):
        flash.store((i * 997) % ROOM, 100 + i)
        assert flash.program() == stored((i * 997) % ROOM, 100 + i)
