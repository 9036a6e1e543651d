# SPDX-License-Identifier: GPL-3.0-or-later
"""tone() on the SAMD21 boards with a speaker (the Circuit Playground
Express): from a frequency to TC5's prescaler and top
(firmware/ports/snekboard/tone_timer.c), run on the host. The interrupt
flips the speaker's pin at each match, so the note played is
48 MHz / (divider * 2 * (top + 1))."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PORT = ROOT / 'firmware' / 'ports' / 'snekboard'
HARNESS = Path(__file__).resolve().parent / 'tone_harness.c'
CLOCK = 48_000_000
DIVIDERS = (1, 2, 4, 8, 16, 64, 256, 1024)
#: The notes of the language's tone.C .. tone.B (core/builtins.def) and a few more.
NOTES = (261.63, 277.18, 293.66, 311.13, 329.63, 349.23, 369.99, 392.0, 415.30, 440.0,
         466.16, 493.88, 55.0, 110.0, 880.0, 1760.0, 3520.0, 7040.0, 15000.0)


@pytest.fixture(scope='module')
def tone(tmp_path_factory):
    exe = tmp_path_factory.mktemp('tone') / 'tone_harness'
    subprocess.run(['gcc', '-std=gnu11', '-O1', '-Wall', '-Wextra', '-Wshadow', '-Werror',
                    '-fsanitize=address,undefined', '-fno-sanitize-recover=all', f'-I{PORT}',
                    '-o', str(exe), str(HARNESS), str(PORT / 'tone_timer.c')], check=True)

    def run(*hz) -> list[tuple[bool, int, int, float]]:
        done = subprocess.run([str(exe)], input=''.join(f'{h}\n' for h in hz),
                              capture_output=True, text=True, timeout=30, check=True)
        rows = [line.split() for line in done.stdout.splitlines()]
        assert len(rows) == len(hz)
        return [(r[0] == '1', int(r[1]), int(r[2]), float(r[3])) for r in rows]
    return run


def played(prescaler: int, top: int) -> float:
    return CLOCK / (DIVIDERS[prescaler] * 2 * (top + 1))


def test_notes_play_in_tune_with_the_finest_divider(tone):
    for hz, (on, prescaler, top, said) in zip(NOTES, tone(*NOTES)):
        assert on
        assert said == pytest.approx(played(prescaler, top), rel=1e-6)
        # Within a hundredth of a semitone (0.06 %): nobody hears it.
        assert abs(played(prescaler, top) / hz - 1) < 0.0006, hz
        # The finest divider whose 16-bit count reaches this low a note.
        assert top <= 0xFFFF
        if prescaler:
            assert CLOCK / (DIVIDERS[prescaler - 1] * 2 * hz) > 65536.5, hz


def test_a_middle_a_exactly(tone):
    # 48 MHz / (2 * 440) = 54545.45 counts: 54545, divider 1.
    assert tone(440) == [(True, 0, 54544, pytest.approx(440.0037, abs=1e-3))]


def test_where_the_divider_changes(tone):
    # Divider 1 counts up to 65536 per flip: 366.2 Hz is the lowest it reaches.
    (low_on, low_p, low_top, _), (high_on, high_p, high_top, _) = tone(366.0, 366.3)
    assert (low_p, high_p) == (1, 0)
    assert high_top == round(CLOCK / (2 * 366.3)) - 1
    assert low_top == round(CLOCK / (4 * 366.0)) - 1


@pytest.mark.parametrize('hz', ['0', '-440', 'nan', '-inf', '-0'])
def test_silence(tone, hz):
    assert tone(hz) == [(False, 0, 0, 0.0)]


def test_too_high_plays_the_highest_it_plays(tone):
    top = round(CLOCK / (2 * 20000)) - 1
    for hz in ('20000', '20001', '1e9', 'inf'):
        assert tone(hz)[0][:3] == (True, 0, top), hz


def test_too_low_plays_the_lowest_it_plays(tone):
    lowest = CLOCK / (1024 * 2 * 65536)   # about 0.358 Hz
    for hz in ('0.3', '1e-30', '0.1'):
        on, prescaler, top, said = tone(hz)[0]
        assert (on, prescaler, top) == (True, 7, 0xFFFF), hz
        assert said == pytest.approx(lowest)
    on, prescaler, top, _ = tone('0.5')[0]
    assert (prescaler, top) == (7, round(CLOCK / (1024 * 2 * 0.5)) - 1)
