# SPDX-License-Identifier: GPL-3.0-or-later
"""snekide-flash: install Snek on a board from the command line (thirty boards before a class).

    snekide-flash --board uno|duemilanove|snekboard --port PORT [--image FILE]

Exit status 0 only after a checked write; 1 with a one-line reason otherwise.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NoReturn, TextIO

from snekide.flash import images
from snekide.flash.errors import FlashError
from snekide.flash.installer import install

PROG = "snekide-flash"
STAGES = {"connecting": "waiting for the bootloader", "writing": "writing",
          "checking": "checking"}


class _Parser(argparse.ArgumentParser):
    """Usage mistakes end like every other failure: one line, status 1."""

    def error(self, message: str) -> NoReturn:
        self.exit(1, f"{PROG}: {message} (see {PROG} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Install the Snek that ships with snekide on a board, "
                     "then check what was written.")
    parser.add_argument("--board", required=True, choices=sorted(images.BOARDS),
                        help="the kind of board")
    parser.add_argument("--port", required=True,
                        help="its serial port, like /dev/ttyACM0 or /dev/ttyUSB0")
    parser.add_argument("--image", type=Path,
                        help="a Snek image to write instead of the one that ships "
                             "(.hex for Arduino boards, .uf2 for the Snekboard)")
    parser.add_argument("--drive", type=Path, action="append",
                        help="Snekboard: where its bootloader's USB drive is mounted, "
                             "if it is not found by itself (may be given more than once)")
    return parser


class TextProgress:
    """Progress as text: one line rewritten on a terminal, a line each 10 % elsewhere."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.live = out.isatty()
        self._last: tuple[str, int] | None = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        percent = 100 * done // total if total else 0
        step = (stage, percent if self.live else percent // 10 * 10)
        if step == self._last:
            return
        self._last = step
        text = f"  {STAGES.get(stage, stage)}"
        if stage != "connecting":
            text += f" {percent:3d}% ({done}/{total})"
        if self.live:
            self.out.write(f"\r{text:<40}")
            if stage == "checking" and done == total:
                self.out.write("\n")
        else:
            self.out.write(text + "\n")
        self.out.flush()


def main(argv: list[str] | None = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    args = _parser().parse_args(argv)
    spec = images.board(args.board)
    out.write(f"{PROG}: installing Snek on the {spec.label} at {args.port}\n")
    out.flush()
    try:
        image, written = install(args.board, args.port, args.image, TextProgress(out),
                                 drives=args.drive)
    except FlashError as error:
        if out.isatty():
            out.write("\n")    # end the progress line
        err.write(f"{PROG}: {error}\n")
        return 1
    except KeyboardInterrupt:
        err.write(f"{PROG}: stopped before the end; install again to finish (the board's "
                  "bootloader is not touched).\n")
        return 1
    version = f"Snek {image.version}" if image.version else f"{image.path.name}"
    out.write(f"{PROG}: {version} is on the {spec.label} at {written.port}: {written.size:,} "
              f"bytes written and checked in {written.seconds:.1f} s "
              f"(bootloader {written.bootloader}).\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
