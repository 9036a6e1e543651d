# SPDX-License-Identifier: GPL-3.0-or-later
"""The headless runner when the simulator misbehaves: it crashes, floods or falls silent."""

import sys
from pathlib import Path

from snekide.robot import runner, world
from snekide.robot.simulation import FLOODED


def fake_firmware(tmp_path: Path, body: str) -> Path:
    """A stand-in for the host firmware: a Python script given the same arguments."""
    script = tmp_path / 'fake-snek'
    script.write_text(f'#!{sys.executable}\nimport os, sys, time\n'
                      'fd = int(sys.argv[sys.argv.index("--io-fd") + 1])\n' + body)
    script.chmod(0o755)
    return script


def run(tmp_path: Path, body: str, frames: list | None = None, **kwargs) -> runner.Outcome:
    program = tmp_path / 'prog.py'
    program.write_text('pass\n')
    return runner.run(world.load('floor'), program, 5, fake_firmware(tmp_path, body),
                      on_frame=frames.append if frames is not None else None, **kwargs)


def test_a_simulator_that_crashes_mid_run_is_reported(tmp_path):
    frames: list = []
    outcome = run(tmp_path, 'os.write(fd, b\'{"wait_us": 100000}\\n\')\n'
                            'os.read(fd, 100)\nprint("half way", flush=True)\n'
                            'os.kill(os.getpid(), 9)\n', frames)
    assert outcome.status == 2
    assert outcome.problem == runner.CRASHED.format(-9)
    assert outcome.output == b'half way\n'
    assert frames[-1].t == 5.0  # the world's record goes on to the end


def test_a_simulator_that_floods_is_stopped(tmp_path):
    outcome = run(tmp_path, 'line = b\'{"pin": 8, "power": 1, "on": true}\\n\'\n'
                            'try:\n    while True:\n        os.write(fd, line * 100)\n'
                            'except OSError:\n    pass\n')
    assert outcome.status == 2 and outcome.problem == FLOODED


def test_a_simulator_that_falls_silent_is_given_up_on(tmp_path):
    outcome = run(tmp_path, 'time.sleep(60)\n', silence=0.5)
    assert outcome.status == 2
    assert 'stopped answering' in outcome.problem
