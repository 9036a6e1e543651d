# SPDX-License-Identifier: GPL-3.0-or-later
"""snekide-robot: programs run headless in a world, in virtual time, checked by their path."""

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from snekide.robot import physics, world

PROGRAMS = Path(__file__).resolve().parent / 'programs'


def robot(snek, world_name: str, program: Path, seconds: float = 10,
          *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, '-m', 'snekide.robot.cli', '--world', world_name,
                           '--seconds', str(seconds), '--firmware', str(snek), *extra,
                           str(program)], capture_output=True, timeout=120)


def frames(result: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in result.stdout.decode().splitlines()
            if line.startswith('{"t"')]


def sensor_distances_from_tape(frames: list[dict]) -> list[float]:
    """How far the light sensor (8 cm ahead) is from the oval's tape, frame by frame."""
    tape = world.load('oval').tapes[0].segments
    distances = []
    for f in frames:
        h = math.radians(f['heading'])
        x, y = f['x'] + 8 * math.cos(h), f['y'] + 8 * math.sin(h)
        distances.append(min(physics.point_segment_distance(x, y, s) for s in tape))
    return distances


def laps_around_the_oval(frames: list[dict]) -> float:
    swept, previous = 0.0, None
    for f in frames:
        angle = math.atan2((f['y'] - 70) / 50, (f['x'] - 100) / 75)
        if previous is not None:
            swept += (angle - previous + math.pi) % (2 * math.pi) - math.pi
        previous = angle
    return abs(swept) / (2 * math.pi)


@pytest.mark.parametrize('program', ['smooth_follower.py', 'busy_bug.py'])
def test_a_line_follower_stays_on_the_oval_for_a_minute(snek, program):
    result = robot(snek, 'oval', PROGRAMS / program, 60)
    assert result.returncode == 0, result.stderr
    path = frames(result)
    assert [f['t'] for f in path] == [round(i / 10, 1) for i in range(601)]
    # The sensor never leaves the tape's edge (1 cm from its middle) by more than a little,
    assert max(sensor_distances_from_tape(path)) < 2.5
    # and the robot goes round.
    assert laps_around_the_oval(path) > 1


def test_two_runs_print_the_same(snek):
    first = robot(snek, 'oval', PROGRAMS / 'busy_bug.py', 20)
    second = robot(snek, 'oval', PROGRAMS / 'busy_bug.py', 20)
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout and len(frames(first)) == 201


def test_a_bumper_car_never_leaves_the_arena_nor_touches_its_walls(snek):
    result = robot(snek, 'arena', PROGRAMS / 'bouncer.py', 120)
    assert result.returncode == 0, result.stderr
    path = frames(result)
    arena = world.load('arena')
    for f in path:
        assert arena.radius <= f['x'] <= arena.width - arena.radius
        assert arena.radius <= f['y'] <= arena.height - arena.radius
        assert f['sensors']['A8'] == 0
    travelled = sum(math.hypot(a['x'] - b['x'], a['y'] - b['y']) for a, b in zip(path, path[1:]))
    assert travelled > 1000  # it keeps going, back and forth
    xs, ys = [f['x'] for f in path], [f['y'] for f in path]
    assert max(xs) - min(xs) > 80 and max(ys) - min(ys) > 50


def test_the_programs_output_follows_the_path_and_an_error_exits_1(snek):
    result = robot(snek, 'floor', PROGRAMS / 'chatty.py', 3)
    assert result.returncode == 1
    lines = result.stdout.decode().splitlines()
    assert len(frames(result)) == 31 and lines[31:] == ['step 0', 'step 1', 'step 2']
    assert result.stderr.decode() == f'{PROGRAMS / "chatty.py"}:9 undefined: undefined_name\n'
    path = frames(result)
    # M1 drove the right wheel forward for 1.5 s, then the robot stood still.
    assert path[5]['motors']['M1'] == 1 and path[20]['motors']['M1'] == 0
    assert path[16] == {**path[30], 't': 1.6}


def test_a_program_that_ends_leaves_its_motors_running(snek, tmp_path):
    program = tmp_path / 'go.py'
    program.write_text('talkto(M1)\nsetright()\non()\ntalkto(M3)\nsetleft()\non()\n')
    path = frames(robot(snek, 'floor', program, 2))
    assert path[-1]['y'] == pytest.approx(75 + 2 * 20, abs=0.1)  # north at 20 cm/s
    assert path[-1]['heading'] == 90


def test_output_is_kept_to_a_megabyte(snek, tmp_path):
    program = tmp_path / 'loud.py'
    program.write_text('while True:\n    print("' + 'x' * 99 + '")\n')
    result = robot(snek, 'floor', program, 5)
    assert result.returncode == 0
    text = result.stdout.decode()
    assert text.endswith('(The program printed more than 1 MB: the rest is left out.)\n')
    assert 1024 * 1024 < len(text) < 1024 * 1024 + 50_000


@pytest.mark.parametrize('args, message', [
    (['--world', 'moon'], "There is no world called 'moon'"),
    (['--seconds', '0'], '--seconds must be more than 0'),
    (['--seconds', 'nan'], '--seconds must be more than 0'),
])
def test_bad_arguments_exit_2_with_a_message(snek, args, message):
    command = [sys.executable, '-m', 'snekide.robot.cli', '--world', 'oval',
               '--firmware', str(snek), *args, str(PROGRAMS / 'busy_bug.py')]
    result = subprocess.run(command, capture_output=True, timeout=60)
    assert result.returncode == 2
    assert message in result.stderr.decode()
    assert result.stdout == b''


def test_a_missing_program_and_a_broken_world_exit_2(snek, tmp_path):
    assert robot(snek, 'oval', tmp_path / 'nothing.py').returncode == 2
    bad = tmp_path / 'bad.world'
    bad.write_text('floor 10\n')
    result = robot(snek, str(bad), PROGRAMS / 'busy_bug.py')
    assert result.returncode == 2
    assert "Line 1 of the world file: 'floor' needs 2 numbers" in result.stderr.decode()
