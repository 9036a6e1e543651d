# SPDX-License-Identifier: GPL-3.0-or-later
"""The Uno's boot window (docs/storage.md), on the shipped image in avrsim:
after its banner the board waits for a ^C before it runs its stored
program, so a program that resets, exits or hangs at once never locks the
student out. --realtime holds simulated time to the wall clock, as a real
board's is, so a ^C sent when the banner arrives lands where it would.
"""

import re

from .test_uno import BANNER, eeprom_image, run_line, text, uno, uno_build  # noqa: F401 (fixtures)

#: SNEK_BOOT_WINDOW: 0.2 s, counted in the 1.024 ms ticks of timer0 (195 of them).
WINDOW = 195 * 0.001024
#: The banner at 115200 baud (U2X, UBRR 16: 117,647 baud), 10 bits a byte.
BANNER_TIME = len(BANNER) * 10 / 117647


def test_the_stored_program_starts_after_the_window(uno, tmp_path):
    """The program's first statement reads the chip's clock: the banner,
    then the whole window, then the program."""
    sim = uno('--eeprom', eeprom_image(tmp_path / 'eeprom.bin', b'print(monotonic())\n'))
    start = sim.expect(BANNER).end()
    printed = sim.expect(re.compile(rb'([0-9.]+)\r\n> '), start).group(1)
    started = float(printed)
    assert WINDOW + BANNER_TIME <= started < WINDOW + BANNER_TIME + 0.005, started


def test_ctrl_c_in_the_window_skips_the_stored_program(uno, tmp_path):
    sim = uno('--realtime', '--eeprom',
              eeprom_image(tmp_path / 'eeprom.bin', b'print("ran")\nwhile True:\n    pass\n'))
    start = sim.expect(b'W').end()
    sim.send(b'\x03')
    sim.expect(b'^C\r\n> ', start)
    assert b'ran' not in text(sim.out.data[start:])
    assert run_line(sim, b'print(6 * 7)') == b'42\n'


def test_a_stored_program_that_resets_at_once_can_be_replaced(uno, tmp_path):
    """Stored reset(): the chip restarts through its watchdog again and
    again, each boot opening the window; one ^C stops it, and the program
    can be erased."""
    sim = uno('--realtime', '--eeprom', eeprom_image(tmp_path / 'eeprom.bin', b'reset()\n'))
    for _ in range(3):
        start = sim.expect(BANNER, len(sim.out.data)).end()
    sim.send(b'\x03')
    sim.expect(b'^C\r\n> ', start)
    assert run_line(sim, b'eeprom.erase()') == b''
    assert run_line(sim, b'reset()') == b'Welcome to Snek 0.1.0\n'
