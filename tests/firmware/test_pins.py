# SPDX-License-Identifier: GPL-3.0-or-later
"""The SAMD21 boards' pin tables (firmware/ports/snekboard/boards/*.def),
checked against the SAM D21 datasheet's pin multiplexing, against the
pin-outs documented in docs/snekboard.md, against the language's Snekboard
names, and against the simulator's Snekboard, which reads the same table."""

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOARDS_DIR = ROOT / 'firmware' / 'ports' / 'snekboard' / 'boards'
DOC = ROOT / 'docs' / 'snekboard.md'
BOARDS = {'snekboard': 'Snekboard', 'metro-m0': 'Metro M0 Express',
          'itsybitsy-m0': 'ItsyBitsy M0 Express'}

#: SAM D21 (G18) I/O multiplexing, datasheet table 7-1: each pin's ADC input
#: (function B) and its timer outputs in functions E and F as (timer, WO n).
MUX = {
    'PA00': (None, ('TCC2', 0), None), 'PA01': (None, ('TCC2', 1), None),
    'PA02': (0, None, None), 'PA03': (1, None, None),
    'PA04': (4, ('TCC0', 0), None), 'PA05': (5, ('TCC0', 1), None),
    'PA06': (6, ('TCC1', 0), None), 'PA07': (7, ('TCC1', 1), None),
    'PA08': (16, ('TCC0', 0), ('TCC1', 2)), 'PA09': (17, ('TCC0', 1), ('TCC1', 3)),
    'PA10': (18, ('TCC1', 0), ('TCC0', 2)), 'PA11': (19, ('TCC1', 1), ('TCC0', 3)),
    'PA12': (None, ('TCC2', 0), ('TCC0', 6)), 'PA13': (None, ('TCC2', 1), ('TCC0', 7)),
    'PA14': (None, ('TC3', 0), ('TCC0', 4)), 'PA15': (None, ('TC3', 1), ('TCC0', 5)),
    'PA16': (None, ('TCC2', 0), ('TCC0', 6)), 'PA17': (None, ('TCC2', 1), ('TCC0', 7)),
    'PA18': (None, ('TC3', 0), ('TCC0', 2)), 'PA19': (None, ('TC3', 1), ('TCC0', 3)),
    'PA20': (None, None, ('TCC0', 6)), 'PA21': (None, None, ('TCC0', 7)),
    'PA22': (None, ('TC4', 0), ('TCC0', 4)), 'PA23': (None, ('TC4', 1), ('TCC0', 5)),
    'PA24': (None, ('TC5', 0), ('TCC1', 2)), 'PA25': (None, ('TC5', 1), ('TCC1', 3)),
    'PA27': (None, None, None), 'PA28': (None, None, None),
    'PA30': (None, ('TCC1', 0), None), 'PA31': (None, ('TCC1', 1), None),
    'PB02': (10, None, None), 'PB03': (11, None, None),
    'PB08': (2, ('TC4', 0), None), 'PB09': (3, ('TC4', 1), None),
    'PB10': (None, ('TC5', 0), ('TCC0', 4)), 'PB11': (None, ('TC5', 1), ('TCC0', 5)),
    'PB22': (None, None, None), 'PB23': (None, None, None),
}
#: Compare channels per timer: a waveform output n is driven by CC n % this.
CHANNELS = {'TCC0': 4, 'TCC1': 2, 'TCC2': 2, 'TC3': 2, 'TC4': 2, 'TC5': 2}
USB_PINS = {'PA24', 'PA25'}

ROW = re.compile(r'^([A-Z_0-9]+)\((.*)\)$')


def read_table(board: str) -> dict:
    """The rows of a board table, by kind."""
    table = {'pins': [], 'names': {}, 'motors': {}, 'rows': []}
    for line in (BOARDS_DIR / f'{board}.def').read_text().splitlines():
        m = ROW.match(line.strip())
        if not m:
            continue
        kind, args = m[1], [a.strip() for a in m[2].split(',')]
        table['rows'].append((kind, args))
        if kind in ('ANALOG', 'DIGITAL'):
            n, port, bit = int(args[0]), args[1], int(args[2])
            ain = int(args[3]) if kind == 'ANALOG' else None
            timer, cc, func = args[-3:]
            table['pins'].append({'n': n, 'pin': f'P{port}{bit:02d}', 'ain': ain,
                                  'pwm': None if timer == 'NONE' else (timer, int(cc), func)})
        elif kind == 'NAME':
            table['names'][args[0]] = int(args[1])
        elif kind == 'MOTOR':
            table['motors'][args[0]] = (int(args[1]), int(args[2]))
        elif kind == 'BOARD':
            table['board'] = args
    return table


@pytest.mark.parametrize('board', BOARDS)
def test_pins_are_numbered_in_order_without_gaps(board):
    pins = read_table(board)['pins']
    assert [p['n'] for p in pins] == list(range(len(pins)))
    chip_pins = [p['pin'] for p in pins]
    assert len(set(chip_pins)) == len(chip_pins), 'two numbers on one chip pin'
    assert not USB_PINS & set(chip_pins), 'the USB lines are not pins'
    assert len(pins) <= 32  # SNEK_GPIO_PINS in ports/snekboard/config.h


@pytest.mark.parametrize('board', BOARDS)
def test_adc_inputs_and_timer_channels_are_the_chips(board):
    used = {}
    for p in read_table(board)['pins']:
        ain, e, f = MUX[p['pin']]
        if p['ain'] is not None:
            assert p['ain'] == ain, f"{p['pin']} is AIN{ain}, not AIN{p['ain']}"
        if p['pwm'] is None:
            continue
        timer, cc, func = p['pwm']
        output = {'E': e, 'F': f}[func]
        assert output and output[0] == timer, f"{p['pin']} has no {timer} in function {func}"
        assert cc == output[1] % CHANNELS[timer], f"{p['pin']}: {timer} WO{output[1]} is CC{output[1] % CHANNELS[timer]}"
        assert (timer, cc) not in used, f"{p['pin']} and {used.get((timer, cc))} share {timer} CC{cc}"
        used[(timer, cc)] = p['pin']


@pytest.mark.parametrize('board', BOARDS)
def test_names_and_motors_name_real_pins(board):
    table = read_table(board)
    count = len(table['pins'])
    assert all(0 <= n < count for n in table['names'].values())
    for power, direction in table['motors'].values():
        assert 0 <= power < count and 0 <= direction < count
        assert table['pins'][power]['pwm'], 'a motor takes its power as PWM'
    assert not set(table['names']) & set(table['motors'])


def test_snekboard_names_are_the_languages():
    """A1-A8 are 0-7, M1-M4 the pairs (8, 9) .. (14, 15), NEOPIXEL 16."""
    table = read_table('snekboard')
    assert {f'A{i}': i - 1 for i in range(1, 9)}.items() <= table['names'].items()
    assert table['motors'] == {f'M{i}': (6 + 2 * i, 7 + 2 * i) for i in range(1, 5)}
    assert table['names']['NEOPIXEL'] == 16
    assert [p['n'] for p in table['pins'] if p['ain'] is not None] == list(range(8))
    assert table['board'] == ['snekboard', '"Snekboard"', '0x239A', '0x804D']


def documented(title: str) -> list[list[str]]:
    """The rows of the pin table under '### title' in docs/snekboard.md."""
    text = DOC.read_text().split(f'### {title}\n', 1)[1]
    rows = []
    for line in text.splitlines():
        if line.startswith('### ') or line.startswith('## '):
            break
        if line.startswith('|') and not line.startswith('|---') and not line.startswith('| name'):
            rows.append([c.strip() for c in line.strip('|').split('|')])
    return rows


@pytest.mark.parametrize('board', BOARDS)
def test_pin_table_is_the_documented_pin_out(board):
    table = read_table(board)
    names_of: dict[int, list[str]] = {}
    for name, n in table['names'].items():
        names_of.setdefault(n, []).append(name)
    for name, (power, direction) in table['motors'].items():
        names_of.setdefault(power, []).append(f'{name} power')
        names_of.setdefault(direction, []).append(f'{name} direction')
    expected = []
    for p in table['pins']:
        pwm = p['pwm'] and f'{p["pwm"][0]} CC{p["pwm"][1]} ({p["pwm"][2]})'
        expected.append([', '.join(names_of.get(p['n'], [])), str(p['n']), p['pin'],
                         '' if p['ain'] is None else f'AIN{p["ain"]}', pwm or ''])
    assert documented(BOARDS[board]) == expected


def test_the_simulators_snekboard_is_the_boards(snek, tmp_path):
    """`snek --board snekboard` describes itself from the same table."""
    table = read_table('snekboard')
    read_end, write_end = os.pipe()
    program = 'print(A1, A8, M1, M4, NEOPIXEL)\n'
    done = subprocess.run([str(snek), '--board', 'snekboard', '--io-fd', str(write_end)],
                          input=program.encode(), capture_output=True, timeout=30,
                          pass_fds=(write_end,))
    os.close(write_end)
    with os.fdopen(read_end) as side:
        description = json.loads(side.readline())
    assert description == {
        'board': 'snekboard',
        'pins': len(table['pins']),
        'analog': [p['n'] for p in table['pins'] if p['ain'] is not None],
        'motors': [list(m) for m in table['motors'].values()],
    }
    assert b'0 7 (8, 9) (14, 15) 16' in done.stdout
