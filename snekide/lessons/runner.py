# SPDX-License-Identifier: GPL-3.0-or-later
"""Running one of a lesson's snek blocks outside the IDE, as a program on a fresh board.

This is the one place that decides how a block runs for a lesson's board and world, so that the
test of the shipped lessons and any teacher's tool agree. Today every block runs on the host
build of the firmware with the lesson's board (`snek --board NAME FILE`); a lesson's world names
the simulated robot it is meant for (`snekide-robot --world NAME --seconds S PROGRAM`), which
is to run it here once the robot is part of snekide.
"""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from snekide.lessons.format import BOARDS
from snekide.lessons.worlds import known_worlds

#: How long a `snek forever` block runs before it is stopped (without an error, it passed).
FOREVER_SECONDS = 2.0
#: A block not marked forever must end by itself within this time.
FINISH_SECONDS = 60.0
#: The host build knows the pins of these boards (`--board`).
HOST_BOARD = {"uno": "uno", "duemilanove": "uno", "snekboard": "snekboard"}
#: How much of a block's output is kept.
MAX_OUTPUT = 64_000


@dataclass(frozen=True)
class BlockRun:
    """What happened: ok (no error), what the program printed, and its first error line."""

    ok: bool
    output: str
    error: str


def run_block(code: str, board: str, world: str | None = None, *, forever: bool = False,
              seconds: float = FOREVER_SECONDS, firmware: Path | None = None) -> BlockRun:
    """Run code as a program on a fresh board of the lesson's kind, in the lesson's world."""
    if board not in BOARDS:
        raise ValueError(f"unknown board {board!r}")
    if world is not None and world not in known_worlds():
        raise ValueError(f"unknown world {world!r}")
    if firmware is None:
        from snekide.device.transport import find_simulator_firmware

        firmware = find_simulator_firmware()
    with tempfile.TemporaryDirectory(prefix="snekide-lesson-") as folder:
        program = Path(folder) / "block.py"
        program.write_text(code, encoding="utf-8")
        command = [str(firmware), "--board", HOST_BOARD[board], str(program)]
        return _run(command, Path(folder), seconds if forever else FINISH_SECONDS, forever)


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
        return BlockRun(False, output, f"still running after {seconds:.0f} s (a loop that runs "
                                       "on should be tagged 'snek forever')")
    if status not in (None, 0) and not first_error:
        first_error = f"stopped with status {status}"
    return BlockRun(not first_error, output, first_error)
