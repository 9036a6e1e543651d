# SPDX-License-Identifier: GPL-3.0-or-later
"""Running one of a lesson's snek blocks outside the IDE, as a program on a fresh board.

This is the one place that decides how a block runs for a lesson's board and world, so that the
test of the shipped lessons and any teacher's tool agree:
- without a world, on the host build of the firmware as the lesson's board
  (`snek --board NAME FILE`), in real time;
- with a world, on that world's simulated robot, headless and in virtual time, as
  `snekide-robot --world NAME` runs it (snekide.robot.runner); the robot's path comes back too.
"""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from snekide.lessons.checks import RobotSample
from snekide.lessons.format import BOARDS
from snekide.robot import runner as robot_runner
from snekide.robot import world as robot_world
from snekide.robot.simulation import Frame

#: How long a `snek forever` block runs before it is stopped (without an error, it passed).
#: On a robot these are seconds of the robot's (virtual) time.
FOREVER_SECONDS = 2.0
#: A block not marked forever must end by itself within this time.
FINISH_SECONDS = 60.0
#: The host build knows the pins of these boards (`--board`).
HOST_BOARD = {"uno": "uno", "duemilanove": "uno", "snekboard": "snekboard"}
#: How much of a block's output is kept.
MAX_OUTPUT = 64_000

STILL_RUNNING = ("still running after {seconds:.0f} s (a loop that runs on should be tagged "
                 "'snek forever')")


@dataclass(frozen=True)
class BlockRun:
    """What happened: ok (no error), what the program printed, and its first error line; in a
    world, also where the robot went (a sample each 0.1 s of robot time)."""

    ok: bool
    output: str
    error: str
    path: tuple[RobotSample, ...] = ()


def run_block(code: str, board: str, world: str | None = None, *, forever: bool = False,
              seconds: float = FOREVER_SECONDS, firmware: Path | None = None) -> BlockRun:
    """Run code as a program on a fresh board of the lesson's kind, in the lesson's world."""
    if board not in BOARDS:
        raise ValueError(f"unknown board {board!r}")
    if world is not None and world not in robot_world.world_names():
        raise ValueError(f"unknown world {world!r}")
    if world is not None and board != robot_world.ROBOT_BOARD:
        raise ValueError(f"the robot's world {world!r} needs board "
                         f"{robot_world.ROBOT_BOARD!r}, not {board!r}")
    if firmware is None:
        from snekide.device.transport import find_simulator_firmware

        firmware = find_simulator_firmware()
    limit = seconds if forever else FINISH_SECONDS
    with tempfile.TemporaryDirectory(prefix="snekide-lesson-") as folder:
        program = Path(folder) / "block.py"
        program.write_text(code, encoding="utf-8")
        if world is not None:
            return _run_in_world(world, program, HOST_BOARD[board], firmware, limit, forever)
        command = [str(firmware), "--board", HOST_BOARD[board], str(program)]
        return _run(command, Path(folder), limit, forever)


def _run_in_world(world: str, program: Path, board: str, firmware: Path, seconds: float,
                  forever: bool) -> BlockRun:
    path: list[RobotSample] = []

    def keep(frame: Frame) -> None:
        path.append(RobotSample(frame.t, frame.x, frame.y, frame.heading))

    outcome = robot_runner.run(robot_world.load(world), program, seconds, firmware,
                               on_frame=keep, board=board)
    output = outcome.output[:MAX_OUTPUT].decode("utf-8", "replace")
    errors = outcome.errors[:MAX_OUTPUT].decode("utf-8", "replace").strip()
    first_error = outcome.problem or (errors.split("\n", 1)[0] if errors else "")
    if outcome.still_running and not forever and not first_error:
        first_error = STILL_RUNNING.format(seconds=seconds) + " of the robot's time"
    if outcome.status not in (0, 1) and not first_error:
        first_error = f"stopped with status {outcome.status}"
    if outcome.status == 1 and not first_error:
        first_error = "the program stopped with an error"
    return BlockRun(not first_error, output, first_error, tuple(path))


def _run(command: list[str], folder: Path, seconds: float, forever: bool) -> BlockRun:
    # Output goes to files, not pipes: a loop printing fast must neither block nor fill memory.
    with open(folder / "out", "w+b") as out, open(folder / "err", "w+b") as err:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                   cwd=folder)
        try:
            status: int | None = process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            status = None
        out.seek(0)
        err.seek(0)
        output = out.read(MAX_OUTPUT).decode("utf-8", "replace")
        errors = err.read(MAX_OUTPUT).decode("utf-8", "replace").strip()
    first_error = errors.split("\n", 1)[0] if errors else ""
    if status is None and not forever:
        return BlockRun(False, output, STILL_RUNNING.format(seconds=seconds))
    if status not in (None, 0) and not first_error:
        first_error = f"stopped with status {status}"
    return BlockRun(not first_error, output, first_error)
