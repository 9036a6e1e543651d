# SPDX-License-Identifier: GPL-3.0-or-later
"""The live world beside the IDE's simulator: one user of the side channel, paced towards the
latest time asked for, its sensors holding their pins."""

import json
import os
import queue
import socket
import time

import pytest

from snekide.device.board import Board
from snekide.device.side_channel import (InputGiven, InputsHeld, MotorOutput, SideChannel,
                                         SimulatorWithChannel)
from snekide import connect_choices
from snekide.device.usb import SIMULATOR
from snekide.robot import world
from snekide.robot.live import FLOODED, WORLD_SOURCE, LiveWorld, keeps_time, simulator_args

WAIT = 15.0


def wait_until(condition, timeout: float = WAIT) -> None:
    """Poll a condition the world's thread makes true (no Qt here to wait on)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, 'timed out'
        time.sleep(0.01)


@pytest.fixture
def channel():
    channel = SideChannel()
    yield channel
    channel.close()


@pytest.fixture
def live(channel):
    live = LiveWorld(world.load('floor'))
    live.attach(channel)
    yield live
    live.close()


def fake_board(channel: SideChannel) -> socket.socket:
    """The board's end of a fresh side channel, held by the test."""
    board = socket.socket(fileno=os.dup(channel.open_child_end()))
    channel.child_started()  # as the simulator transport does once the process has its end
    board.settimeout(WAIT)
    return board


def replies(board: socket.socket) -> list[dict]:
    data = b''
    while not data.endswith(b'\n'):
        data += board.recv(4096)
    return [json.loads(line) for line in data.decode().splitlines()]


def test_the_world_keeps_the_time_of_the_robots_board_only():
    uno = connect_choices.simulator('uno')
    serial = connect_choices.port_choice('/dev/ttyACM0', 'snekboard')
    assert keeps_time(SIMULATOR) and simulator_args(SIMULATOR) == ['--virtual-time']
    assert keeps_time(connect_choices.simulator('snekboard'))
    assert not keeps_time(uno) and simulator_args(uno) == []
    assert not keeps_time(serial) and not keeps_time(None)


def test_the_world_runs_towards_the_time_asked_for_a_step_at_a_time(live, channel):
    board = fake_board(channel)
    live.speed = 0  # the thread stands still: we step it by hand
    board.sendall(b'{"wait_us": 1000000}\n')
    wait_until(lambda: live._pending == 1000000)
    assert live.connected
    live._step(0.25)
    assert live.snapshot().time_us == 250000
    live._step(2.0)  # more than needed: the world stops at the time asked for
    assert live.snapshot().time_us == 1000000
    assert replies(board) == [{'pin': 0, 'value': 0.05}, {'time_us': 1000000}]
    board.close()


def test_the_latest_wait_wins_and_a_past_time_is_answered_at_once(live, channel):
    board = fake_board(channel)
    live.speed = 0
    board.sendall(b'{"wait_us": 5000000}\n')
    wait_until(lambda: live._pending == 5000000)
    live._step(0.5)
    board.sendall(b'{"wait_us": 200000}\n')  # after a ^C: less than before
    # Answered at once, though time stands still, with the world's time.
    assert replies(board)[-1] == {'time_us': 500000}
    board.close()


def test_the_sensors_hold_their_pins_and_win_over_the_hand(live, channel):
    seen: queue.Queue = queue.Queue()
    channel.subscribe(lambda batch: [seen.put(e) for e in batch])
    board = fake_board(channel)
    board.sendall(b'{"wait_us": 1000}\n')
    assert replies(board) == [{'pin': 0, 'value': 0.05}, {'time_us': 1000}]
    events = [seen.get(timeout=WAIT) for _ in range(4)]
    assert InputsHeld({0: 'light sensor'}) in events
    assert InputGiven(0, 0.05, WORLD_SOURCE) in events
    # Set by hand: the world's value goes again at its next answer (once only).
    assert channel.send_input(0, 0.9)
    assert replies(board) == [{'pin': 0, 'value': 0.9}]
    wait_until(lambda: 0 not in live._sim._sent)
    board.sendall(b'{"wait_us": 2000}\n')
    assert replies(board) == [{'pin': 0, 'value': 0.05}, {'time_us': 2000}]
    board.sendall(b'{"wait_us": 3000}\n')
    assert replies(board) == [{'time_us': 3000}]
    # Another world: its sensors hold their pins from now.
    live.set_world(world.load('arena'))
    wanted = InputsHeld({6: 'distance sensor', 0: 'distance sensor', 7: 'bumper'})
    while (event := seen.get(timeout=WAIT)) != wanted:
        pass
    board.close()


def test_the_world_drives_with_the_motors_the_channel_reports(live, channel):
    board = fake_board(channel)
    channel._dispatch([MotorOutput(1, 1.0, True, 'right'), MotorOutput(3, 1.0, True, 'left')])
    live.speed = 0
    board.sendall(b'{"wait_us": 1000000}\n')
    wait_until(lambda: live._pending == 1000000)
    start = live.snapshot().pose
    live._step(1.0)
    moved = live.snapshot()
    assert moved.motors['M1'] == 1 and moved.motors['M3'] == -1
    assert moved.pose.y == pytest.approx(start.y + 20, abs=0.5)  # north at 20 cm/s
    board.close()


def test_a_flooding_board_is_said_in_the_pane_until_it_calms_down():
    problems = []
    channel = SideChannel(flood_limit=2000)
    live = LiveWorld(world.load('floor'), problems.append)
    live.attach(channel)
    try:
        board = fake_board(channel)
        board.sendall(b'{"wait_us": 1000}\n')
        replies(board)
        board.sendall(b'{"pin": 8, "power": 1, "on": true}\n' * 5000)
        wait_until(lambda: problems)
        assert problems == [FLOODED]
        # The world still answers (the reader paces the board; nothing is cut off).
        board.sendall(b'{"wait_us": 2000}\n')
        assert replies(board)[-1] == {'time_us': 2000}
        wait_until(lambda: problems == [FLOODED, ''], timeout=5)
        board.close()
    finally:
        live.close()
        channel.close()


def test_the_simulator_drives_the_robot_in_virtual_time(live, channel, tmp_path, snek):
    live.speed = 10
    board = Board(SimulatorWithChannel(snek, tmp_path / 'eeprom', 'snekboard', channel,
                                       extra_args=simulator_args(SIMULATOR)), needs_pacing=False)
    output = []
    board.on_output = output.append
    board.start()
    try:
        board.wait_prompt(timeout=WAIT)
        start = live.snapshot()
        board.run_line('talkto(M1)\nsetright()\non()\ntalkto(M3)\nsetleft()\non()\n'
                       'time.sleep(1)\nprint("slept", "well", read(A1))')
        wait_until(lambda: 'slept well 0.05' in ''.join(output))
        moved = live.snapshot()
        assert moved.pose.y > start.pose.y + 15  # north, at 20 cm/s for over a second
        assert moved.motors['M1'] == 1 and moved.motors['M3'] == -1
        assert moved.time_us >= 1_000_000 and live.connected
    finally:
        board.close()
    assert not channel.is_open  # its end of the channel closed with it
