# SPDX-License-Identifier: GPL-3.0-or-later
"""snekide-robot: run a program on the simulated robot, headless, in virtual time.

Prints one JSON object per 0.1 simulated seconds ({"t", "x", "y", "heading", "sensors",
"motors"}), then the program's own output; its error messages go to stderr. Exits 0, or 1
after a program error, or 2 when the world, the program file or the simulator fails.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from snekide.robot import runner, world
from snekide.robot.simulation import Frame

#: The longest run, in simulated seconds.
MAX_SECONDS = 3600.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="snekide-robot",
        description="Run a Snek program on the simulated robot, in virtual time.")
    parser.add_argument("--world", required=True,
                        help=f"a world's name ({', '.join(world.world_names())}) or a world file")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="how long to simulate, in simulated seconds (default 10)")
    parser.add_argument("--firmware", type=Path, default=None,
                        help="the host firmware to run (default: the one snekide uses)")
    parser.add_argument("program", type=Path, help="the Snek program to run")
    args = parser.parse_args(argv)
    if not (math.isfinite(args.seconds) and 0 < args.seconds <= MAX_SECONDS):
        return _fail(f"--seconds must be more than 0 and at most {MAX_SECONDS:g}.")
    try:
        the_world = world.load(args.world)
    except world.WorldError as error:
        return _fail(str(error))
    if not args.program.is_file():
        return _fail(f"There is no program file called {str(args.program)!r}.")
    firmware = args.firmware
    if firmware is None:
        from snekide.device.exceptions import FirmwareNotFound
        from snekide.device.transport import find_simulator_firmware

        try:
            firmware = find_simulator_firmware()
        except FirmwareNotFound as error:
            return _fail(str(error))
    out = sys.stdout

    def show(frame: Frame) -> None:
        out.write(frame.to_json() + "\n")

    outcome = runner.run(the_world, args.program, args.seconds, firmware, on_frame=show)
    out.flush()
    sys.stdout.buffer.write(outcome.output)
    sys.stdout.buffer.flush()
    sys.stderr.buffer.write(outcome.errors)
    if outcome.problem:
        sys.stderr.write(outcome.problem + "\n")
    sys.stderr.flush()
    return outcome.status


def _fail(message: str) -> int:
    print(f"snekide-robot: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
