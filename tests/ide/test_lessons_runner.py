# SPDX-License-Identifier: GPL-3.0-or-later
"""Running a lesson's block on a fresh board of the lesson's kind (the host build)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from snekide.lessons import runner
from snekide.lessons.runner import run_block

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def firmware() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)
    return ROOT / "firmware" / "build" / "posix" / "snek"


def test_a_block_runs_and_prints(firmware):
    run = run_block("print(2 + 3)\n", "uno", firmware=firmware)
    assert run.ok and run.output == "5\n" and run.error == ""


def test_the_board_decides_the_pin_names(firmware):
    assert run_block("talkto(LED)\non()\n", "uno", firmware=firmware).ok
    assert run_block("talkto(LED)\non()\n", "duemilanove", firmware=firmware).ok
    on_snekboard = run_block("talkto(LED)\non()\n", "snekboard", firmware=firmware)
    assert not on_snekboard.ok and "undefined: LED" in on_snekboard.error
    assert run_block("talkto(M1)\nsetright()\non()\n", "snekboard", "oval", firmware=firmware).ok
    assert "undefined: M1" in run_block("talkto(M1)\n", "uno", firmware=firmware).error


def test_an_error_fails_the_block_with_its_line(firmware):
    run = run_block("print(1)\nprint(nothing)\n", "snekboard", firmware=firmware)
    assert not run.ok and run.output == "1\n"
    assert run.error.endswith(":2 undefined: nothing")


def test_a_forever_block_runs_for_its_seconds_then_passes(firmware):
    run = run_block("while True:\n    print('tick')\n    time.sleep(0.2)\n", "snekboard",
                    forever=True, seconds=0.5, firmware=firmware)
    assert run.ok and 2 <= run.output.count("tick") <= 4


def test_a_forever_block_that_errors_fails(firmware):
    run = run_block("while True:\n    time.sleep(0.1)\n    oops()\n", "snekboard",
                    forever=True, seconds=2, firmware=firmware)
    assert not run.ok and "undefined: oops" in run.error


def test_an_endless_block_not_marked_forever_fails(firmware, monkeypatch):
    monkeypatch.setattr(runner, "FINISH_SECONDS", 0.5)
    run = run_block("while True:\n    pass\n", "uno", firmware=firmware)
    assert not run.ok and "snek forever" in run.error


def test_unknown_board_or_world_is_a_programming_error(firmware):
    with pytest.raises(ValueError):
        run_block("print(1)\n", "esp32", firmware=firmware)
    with pytest.raises(ValueError):
        run_block("print(1)\n", "uno", "mars", firmware=firmware)


# -- in a world: the simulated robot, headless, in virtual time ------------------------------

FORWARD = "talkto(M1)\nsetright()\non()\ntalkto(M3)\nsetleft()\non()\ntime.sleep(1)\nstopall()\n"


def test_a_block_in_a_world_drives_the_robot_there(firmware):
    run = run_block(FORWARD + "print('there')\n", "snekboard", "floor", firmware=firmware)
    assert run.ok and run.output == "there\n"
    first, last = run.path[0], run.path[-1]
    assert (first.x, first.y, first.heading) == (100, 75, 90)  # the floor's start, facing north
    # Full power is 20 cm/s (docs/worlds.md): a second of it goes 20 cm north.
    assert last.x == pytest.approx(100, abs=0.5) and last.y == pytest.approx(95, abs=1)
    assert not any(sample.jumped for sample in run.path)


def test_a_block_in_a_world_keeps_the_robots_time_not_the_clocks(firmware):
    run = run_block("time.sleep(45)\nprint(time.monotonic() >= 45)\n", "snekboard", "oval",
                    firmware=firmware)
    assert run.ok and run.output == "True\n"
    # A sample each 0.1 s of robot time, past the 45 s it slept (and on to the end).
    assert run.path[-1].t >= 45 and len(run.path) >= 450


def test_a_forever_block_in_a_world_runs_for_its_robot_seconds(firmware):
    run = run_block("while True:\n    print(read(A1))\n    time.sleep(0.5)\n", "snekboard",
                    "oval", forever=True, firmware=firmware)
    assert run.ok and run.path[-1].t == pytest.approx(runner.FOREVER_SECONDS)
    # The oval's robot starts on the tape: its light sensor reads black (docs/worlds.md).
    assert run.output.split() == ["0.87"] * 4


def test_an_error_in_a_world_fails_the_block_with_its_line(firmware):
    run = run_block("talkto(M2)\non()\nread(A9)\n", "snekboard", "arena", firmware=firmware)
    assert not run.ok and run.error.endswith(":3 undefined: A9")


def test_an_endless_block_in_a_world_fails_after_its_robot_time(firmware, monkeypatch):
    monkeypatch.setattr(runner, "FINISH_SECONDS", 5.0)
    run = run_block("while True:\n    time.sleep(1)\n", "snekboard", "floor", firmware=firmware)
    assert not run.ok and "snek forever" in run.error and "robot's time" in run.error
    assert run.path[-1].t == pytest.approx(5.0)


def test_a_world_is_for_the_snekboard(firmware):
    with pytest.raises(ValueError):
        run_block("print(1)\n", "uno", "floor", firmware=firmware)
