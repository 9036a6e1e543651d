# SPDX-License-Identifier: GPL-3.0-or-later
"""Virtual time in the host firmware (--virtual-time): the clock moves only as the world says."""

import json
import socket
import subprocess
from collections.abc import Callable

import pytest

#: Answers a wait: given the requested time (µs), the lines to send back.
Policy = Callable[[int], list[dict]]


def grant(target: int) -> list[dict]:
    """A world that lets time go exactly as far as asked."""
    return [{'time_us': target}]


class FakeWorld:
    """The other end of the side channel, driven by what the firmware asks."""

    def __init__(self, snek, args: list[str], stdin=subprocess.DEVNULL) -> None:
        self.ours, theirs = socket.socketpair()
        self.proc = subprocess.Popen(
            [str(snek), '--io-fd', str(theirs.fileno()), '--virtual-time', *args],
            pass_fds=[theirs.fileno()], stdin=stdin, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        theirs.close()
        self.ours.settimeout(20)
        self.reader = self.ours.makefile('rb')
        self.events: list[dict] = []

    def next_event(self) -> dict | None:
        try:
            line = self.reader.readline()
        except ConnectionResetError:  # it exited with our answers unread
            return None
        if not line:
            return None
        event = json.loads(line)
        self.events.append(event)
        return event

    def send(self, *events: dict) -> None:
        try:
            self.ours.sendall(b''.join(json.dumps(e).encode() + b'\n' for e in events))
        except (BrokenPipeError, ConnectionResetError):
            pass  # it has exited: serve() sees the end next

    def serve(self, policy: Policy = grant) -> tuple[str, str, int]:
        """Answer every wait until the firmware exits; its stdout, stderr and status."""
        while (event := self.next_event()) is not None:
            if 'wait_us' in event:
                self.send(*policy(event['wait_us']))
        return self.finish()

    def finish(self) -> tuple[str, str, int]:
        """Wait for the firmware to exit, close everything; its stdout, stderr and status."""
        out, err = self.proc.stdout.read(), self.proc.stderr.read()
        status = self.proc.wait(timeout=20)
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr, self.reader, self.ours):
            if f is not None:
                f.close()
        return out.decode(), err.decode(), status


def run_file(snek, tmp_path, program: str, policy: Policy = grant) -> tuple[str, list[dict]]:
    path = tmp_path / 'prog.py'
    path.write_text(program)
    world = FakeWorld(snek, [str(path)])
    out, err, status = world.serve(policy)
    assert status == 0, err
    return out, world.events


def test_sleep_takes_no_host_time_and_moves_the_clock_exactly(snek, tmp_path):
    # A thousand seconds of sleep: only virtual, or the subprocess timeout ends the test.
    # (The boot takes 1 ms, for the world's inputs to come in.)
    out, events = run_file(snek, tmp_path, 'time.sleep(1000)\ntime.sleep(0.25)\n'
                           'print(time.monotonic())\n')
    assert out == '1000.251\n'
    assert [e['wait_us'] for e in events if 'wait_us' in e] == [1000, 1000001000, 1000251000]


def test_the_clock_follows_the_world_not_the_host(snek, tmp_path):
    # The world answers a quarter second further on than asked: the clock goes there.
    out, _ = run_file(snek, tmp_path, 'time.sleep(1)\nprint(time.monotonic())\n',
                      lambda t: [{'time_us': t + 250000}])
    assert out == '1.501\n'  # boot: 1 ms + 0.25 s, then 1 s + 0.25 s


def test_a_world_that_answers_in_small_steps_is_waited_for(snek, tmp_path):
    # Each answer is 1 ms short of the request until the world has caught up.
    asked: list[int] = []

    def slow(target: int) -> list[dict]:
        asked.append(target)
        return [{'time_us': t} for t in range(1000, target + 1, 1000)]

    out, _ = run_file(snek, tmp_path, 'time.sleep(0.5)\nprint(time.monotonic())\n', slow)
    assert out == '0.501\n'
    assert asked == [1000, 501000]


def test_busy_waiting_on_a_sensor_lets_the_world_move(snek, tmp_path):
    # No sleep anywhere: the tape shows up once the world passes 2 s.
    def tape_at_two_seconds(target: int) -> list[dict]:
        value = 0.87 if target >= 2000000 else 0.05
        return [{'pin': 0, 'value': value}, {'time_us': target}]

    out, events = run_file(snek, tmp_path, 'while read(A1) < 0.45:\n    pass\n'
                           'print(time.monotonic())\n', tape_at_two_seconds)
    seconds = float(out)
    assert 2.0 <= seconds <= 2.0 + 0.005 + 0.0002  # within a slice and a read
    waits = [e['wait_us'] for e in events if 'wait_us' in e]
    assert waits == sorted(waits) and len(waits) > 2000000 // 5000 * 0.9


def test_the_worlds_inputs_are_in_before_the_program_starts(snek, tmp_path):
    out, _ = run_file(snek, tmp_path, 'print(read(A1))\n',
                      lambda t: [{'pin': 0, 'value': 0.87}, {'time_us': t}])
    assert out == '0.87\n'


def test_a_clock_watching_loop_ends(snek, tmp_path):
    out, _ = run_file(snek, tmp_path, 'n = 0\nwhile time.monotonic() < 3:\n    n += 1\n'
                      'print(n > 1000, time.monotonic() >= 3)\n')
    assert out == 'True True\n'


def test_same_program_same_output_every_time(snek, tmp_path):
    program = ('import random\nfor i in range(5):\n    print(random.randrange(1000), '
               'time.monotonic())\n    time.sleep(random.random())\n')
    first = run_file(snek, tmp_path, program)
    second = run_file(snek, tmp_path, program)
    assert first == second
    assert len(set(first[0].split())) > 5


def test_a_flood_of_motor_changes_is_held_to_the_last_state_per_step(snek, tmp_path):
    program = ('talkto(M1)\nfor i in range(100000):\n    on()\n    off()\n'
               'setpower(0.5)\non()\n')
    _, events = run_file(snek, tmp_path, program)
    waits = sum('wait_us' in e for e in events)
    motor_lines = [e for e in events if e.get('motor') == 1]
    # At most one pin report and one motor report per step of the world.
    assert len(motor_lines) <= waits + 1
    assert len(events) <= 3 * waits + 4
    # The last state still gets out when the program ends.
    assert motor_lines[-1] == {'motor': 1, 'power': 0.5, 'on': True, 'direction': 'right'}


def test_writes_that_change_nothing_are_not_reported(snek, tmp_path):
    _, events = run_file(snek, tmp_path, 'talkto(M2)\non()\ntime.sleep(0.1)\non()\n'
                         'time.sleep(0.1)\non()\nsetleft()\n')
    motor2 = [e for e in events if e.get('motor') == 2]
    assert motor2 == [{'motor': 2, 'power': 1, 'on': True, 'direction': 'right'},
                      {'motor': 2, 'power': 1, 'on': True, 'direction': 'left'}]


def test_interrupt_cuts_a_sleep_short_and_idle_time_goes_on(snek):
    world = FakeWorld(snek, [], stdin=subprocess.PIPE)
    world.proc.stdin.write(b'time.sleep(100)\n')
    world.proc.stdin.flush()
    woken_at = None
    idle_asks = []
    while (event := world.next_event()) is not None:
        if 'wait_us' not in event:
            continue
        if woken_at is None and event['wait_us'] >= 100000000:
            # The world gets 1.5 s into the sleep, then the student presses Stop.
            woken_at = event['wait_us'] - 98500000
            world.send({'time_us': woken_at})
            world.proc.stdin.write(b'\x03print(time.monotonic())\n')
            world.proc.stdin.flush()
            continue
        world.send({'time_us': event['wait_us']})
        if woken_at is not None:
            idle_asks.append(event['wait_us'])
            if len(idle_asks) == 3:
                world.proc.stdin.close()
    out, _, _ = world.finish()
    printed = [float(w) for w in out.split() if w.replace('.', '', 1).isdigit()]
    assert printed and abs(printed[0] - woken_at / 1e6) < 0.001
    # Idle at the prompt, the board asks for the world to go on, a slice at a time.
    assert idle_asks[1] - idle_asks[0] == idle_asks[2] - idle_asks[1] == 20000


def test_a_simulator_that_goes_away_ends_the_board(snek, tmp_path):
    path = tmp_path / 'prog.py'
    path.write_text('time.sleep(1)\nprint("never")\n')
    world = FakeWorld(snek, [str(path)])
    while 'wait_us' not in world.next_event():
        pass
    world.reader.close()
    world.ours.close()
    out, err, status = world.finish()
    assert status == 2
    assert out == ''
    assert 'the simulator stopped answering' in err


def test_virtual_time_needs_the_side_channel(snek):
    result = subprocess.run([str(snek), '--virtual-time'], capture_output=True, timeout=20)
    assert result.returncode == 2
    assert b'usage' in result.stderr


@pytest.mark.parametrize('value', ['-1', '0', 'float("nan")', '1e30'])
def test_odd_sleeps(snek, tmp_path, value):
    out, _ = run_file(snek, tmp_path, f'time.sleep({value})\nprint("ok")\n')
    assert out == 'ok\n'
