# SPDX-License-Identifier: GPL-3.0-or-later
"""Every pin of the simulated board, as its side channel reports it, for a board view."""

import time

from snekide.board_state import BoardState, MotorState, Output
from snekide.device.board import Board
from snekide.robot import world
from snekide.robot.live import LiveWorld, WorldSimulator

BOOT = {'board': 'snekboard', 'pins': 17, 'analog': [0, 1, 2, 3, 4, 5, 6, 7],
        'motors': [[8, 9], [10, 11], [12, 13], [14, 15]]}


def test_reports_build_the_state_and_a_boot_clears_it():
    state = BoardState()
    for report in [BOOT, {'pin': 8, 'power': 0.5, 'on': True},
                   {'motor': 1, 'power': 0.5, 'on': True, 'direction': 'left'},
                   {'pin': 3, 'pull': 'up'}, {'neopixel': [[255, 0, 0], [0, 128, 255]]},
                   {'tone': 440}, {'pin': 'x'}, {'motor': 1}, {'nothing': 1}]:
        state.apply(report)
    assert (state.name, state.pins, state.motor_pins[0]) == ('snekboard', 17, (8, 9))
    assert state.outputs == {8: Output(0.5, True)}
    assert state.motors == {1: MotorState(0.5, True, 'left')}
    assert state.pulls == {3: 'up'} and state.tone == 440
    assert state.neopixels == [(255, 0, 0), (0, 128, 255)]
    state.apply(BOOT)
    assert not state.outputs and not state.motors and state.tone == 0 and state.pins == 17


def test_the_live_simulator_shows_its_pins_and_takes_inputs_by_hand(tmp_path, snek):
    live = LiveWorld(world.load('floor'))
    live.speed = 10
    board = Board(WorldSimulator(live, snek, tmp_path / 'eeprom'), needs_pacing=False)
    output: list[str] = []
    board.on_output = output.append
    board.start()
    try:
        board.wait_prompt(timeout=15)
        live.set_input(4, 0.75)  # A5 by hand
        board.run_line('neopixel([(1, 0, 0)])\ntone(440)\ntalkto(M2)\nsetleft()\non()\n'
                       'time.sleep(0.1)\nprint("A5 reads", read(A5))')
        deadline = time.monotonic() + 15
        while 'A5 reads 0.75' not in ''.join(output):
            assert time.monotonic() < deadline, ''.join(output)
            time.sleep(0.01)
        state = live.snapshot().board
        assert state.neopixels == [(255, 0, 0)] and state.tone == 440
        assert state.motors[2] == MotorState(1, True, 'left')
        assert state.motor_pins[1] == (10, 11)
    finally:
        board.close()
        live.close()
