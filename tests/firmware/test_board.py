# SPDX-License-Identifier: GPL-3.0-or-later
"""The host's virtual boards, seen on the side channel (--io-fd)."""

import json
import socket
import subprocess

import pytest


def run_board(snek, board: str, program: str, inputs: list[dict] = ()) -> tuple[str, list[dict]]:
    """Run program on the virtual board; inputs are sent first. Returns
    stdout and every event the board reported."""
    ours, theirs = socket.socketpair()
    for event in inputs:
        ours.sendall((json.dumps(event) + '\n').encode())
    proc = subprocess.run([str(snek), '--board', board, '--io-fd', str(theirs.fileno())],
                          input=program.encode(), capture_output=True, timeout=30,
                          pass_fds=[theirs.fileno()])
    theirs.close()
    ours.settimeout(5)
    data = b''
    while chunk := ours.recv(65536):
        data += chunk
    ours.close()
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout.decode(), [json.loads(line) for line in data.decode().splitlines()]


def test_snekboard_describes_itself(snek):
    _, events = run_board(snek, 'snekboard', '')
    assert events[0] == {'board': 'snekboard', 'pins': 17, 'analog': list(range(8)),
                         'motors': [[8, 9], [10, 11], [12, 13], [14, 15]]}


def test_motor_one_at_half_power(snek):
    _, events = run_board(snek, 'snekboard', 'talkto(M1)\nsetpower(0.5)\non()\n')
    assert events[-1] == {'motor': 1, 'power': 0.5, 'on': True, 'direction': 'right'}
    assert {'pin': 8, 'power': 0.5, 'on': True} in events


def test_motor_direction_and_stopall(snek):
    _, events = run_board(snek, 'snekboard', 'talkto(M2)\nsetleft()\non()\nstopall()\n')
    motor2 = [e for e in events if e.get('motor') == 2]
    assert {'motor': 2, 'power': 1, 'on': True, 'direction': 'left'} in motor2
    assert motor2[-1]['on'] is False
    assert events[-1] == {'tone': 0}


def test_power_level_is_kept_across_off_and_clamped(snek):
    _, events = run_board(snek, 'snekboard', 'talkto(M3)\nsetpower(2)\non()\noff()\nsetpower(-1)\non()\n')
    pins = [e for e in events if e.get('pin') == 12]
    assert pins == [{'pin': 12, 'power': 1, 'on': False}, {'pin': 12, 'power': 1, 'on': True},
                    {'pin': 12, 'power': 1, 'on': False}, {'pin': 12, 'power': 0, 'on': False},
                    {'pin': 12, 'power': 0, 'on': True}]


def test_read_returns_what_the_outside_world_sets(snek):
    out, _ = run_board(snek, 'snekboard', 'print(read(A1))\nprint(read(A2))\n',
                       inputs=[{'pin': 0, 'value': 0.25}])
    assert out.splitlines()[1:3] == ['> 0.25', '> 0']


def test_uno_pins(snek):
    program = ('talkto(LED)\non()\nprint(read(A0))\nprint(read(D2))\npullnone(D2)\n'
               'print(read(D2))\nprint(read(D4))\n')
    out, events = run_board(snek, 'uno', program,
                            inputs=[{'pin': 14, 'value': 0.75}, {'pin': 4, 'value': 0}])
    assert events[0]['board'] == 'uno'
    assert events[0]['analog'] == [14, 15, 16, 17, 18, 19]
    assert {'pin': 13, 'power': 1, 'on': True} in events
    assert {'pin': 2, 'pull': 'none'} in events
    # A0 reads the analog value; D2 pulled up reads 1, then 0 with no pull;
    # D4 reads what was sent.
    assert [line.lstrip('> ') for line in out.splitlines()[1:]] == ['0.75', '1', '0', '0', '']


def test_neopixel_and_tone(snek):
    _, events = run_board(snek, 'snekboard', 'neopixel([(1, 0, 0), (0, 0.5, 1)])\ntone(tone.A)\n')
    assert {'neopixel': [[255, 0, 0], [0, 128, 255]]} in events
    assert events[-1] == {'tone': 440}


def test_board_names_differ_by_board(snek):
    out, _ = run_board(snek, 'uno', 'M1\nprint(A1)\n')
    assert 'undefined: M1' in out
    assert '15' in out


@pytest.mark.parametrize('bad', ['talkto(99)', 'talkto((8,))', 'on()'])
def test_bad_pins_give_clear_errors(snek, bad):
    out, _ = run_board(snek, 'snekboard', bad + '\n')
    assert 'invalid value' in out or 'no pin' in out
