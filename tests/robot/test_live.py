# SPDX-License-Identifier: GPL-3.0-or-later
"""The live world beside the IDE's simulator: paced towards the latest time asked for."""

import json
import os
import socket
import time

import pytest

from snekide.device.board import Board
from snekide.robot import world
from snekide.robot.live import LiveWorld, WorldSimulator
from snekide.robot.simulation import FLOODED

WAIT = 15.0


def wait_until(condition, timeout: float = WAIT) -> None:
    """Poll a condition the world's thread makes true (no Qt here to wait on)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, 'timed out'
        time.sleep(0.01)


@pytest.fixture
def live():
    live = LiveWorld(world.load('floor'))
    yield live
    live.close()


def fake_board(live: LiveWorld) -> socket.socket:
    """Our own end of a fresh side channel, as a board would hold it."""
    board = socket.socket(fileno=os.dup(live.new_channel()))
    live.channel_started()  # as the simulator transport does once the process has its end
    board.settimeout(WAIT)
    return board


def replies(board: socket.socket) -> list[dict]:
    data = b''
    while not data.endswith(b'\n'):
        data += board.recv(4096)
    return [json.loads(line) for line in data.decode().splitlines()]


def test_the_world_runs_towards_the_time_asked_for_a_step_at_a_time(live):
    board = fake_board(live)
    live.speed = 0  # the thread stands still: we step it by hand
    board.sendall(b'{"wait_us": 1000000}\n')
    wait_until(lambda: live._pending == 1000000)
    live._step(0.25)
    assert live.snapshot().time_us == 250000
    live._step(2.0)  # more than needed: the world stops at the time asked for
    assert live.snapshot().time_us == 1000000
    assert replies(board)[-1] == {'time_us': 1000000}
    board.close()


def test_the_latest_wait_wins_and_a_past_time_is_answered_at_once(live):
    board = fake_board(live)
    live.speed = 0
    board.sendall(b'{"wait_us": 5000000}\n')
    wait_until(lambda: live._pending == 5000000)
    live._step(0.5)
    board.sendall(b'{"wait_us": 200000}\n')  # after a ^C: less than before
    # Answered at once, though time stands still, with the world's time.
    assert replies(board)[-1] == {'time_us': 500000}
    board.close()


def test_a_flooding_board_is_cut_off_with_a_message():
    problems = []
    live = LiveWorld(world.load('floor'), problems.append)
    try:
        board = fake_board(live)
        board.sendall(b'{"pin": 8, "power": 1, "on": true}\n' * 5000)
        wait_until(lambda: problems)
        assert problems == [FLOODED] and not live.connected
        board.close()
    finally:
        live.close()


def test_the_simulator_drives_the_robot_in_virtual_time(live, tmp_path, snek):
    live.speed = 10
    board = Board(WorldSimulator(live, snek, tmp_path / 'eeprom'), needs_pacing=False)
    output = []
    board.on_output = output.append
    board.start()
    try:
        board.wait_prompt(timeout=WAIT)
        start = live.snapshot()
        board.run_line('talkto(M1)\nsetright()\non()\ntalkto(M3)\nsetleft()\non()\n'
                       'time.sleep(1)\nprint("slept", "well")')
        wait_until(lambda: 'slept well' in ''.join(output))
        moved = live.snapshot()
        assert moved.pose.y > start.pose.y + 15  # north, at 20 cm/s for over a second
        assert moved.motors['M1'] == 1 and moved.motors['M3'] == -1
    finally:
        board.close()
    wait_until(lambda: not live.connected)  # its end of the channel closed with it
