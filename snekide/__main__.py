# SPDX-License-Identifier: GPL-3.0-or-later
"""Command-line entry point: ``snekide`` and ``python -m snekide``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from snekide import __version__

#: The boards --board takes (the firmware's names).
BOARDS = ("uno", "duemilanove", "snekboard")


def parser() -> argparse.ArgumentParser:
    """The command line: snekide [--port PATH] [--board NAME] [FILE...]."""
    parse = argparse.ArgumentParser(
        prog="snekide", description="A friendly IDE for Snek, a tiny Python for robots.",
        epilog="Without --port, snekide connects to the robot used last or plugged in, else "
               "to the built-in simulator (as the --board given, if any).")
    parse.add_argument("--version", action="version", version=f"snekide {__version__}")
    parse.add_argument("--port", metavar="PATH",
                       help="connect straight to the robot on this serial port "
                            "(like /dev/ttyUSB0, COM3, or a pseudo-terminal)")
    parse.add_argument("--board", choices=BOARDS,
                       help="the board on the port; without --port, the board the simulator "
                            "acts as")
    parse.add_argument("--install-desktop", action="store_true",
                       help="add snekide to this user's desktop menu, with the .sneklesson "
                            "file type, so that double-clicking a lesson opens snekide")
    parse.add_argument("files", nargs="*", type=Path, metavar="FILE",
                       help="programs to open, and lessons (.sneklesson or .md)")
    return parse


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.install_desktop:
        from snekide.desktop_install import install

        try:
            for line in install():
                print(line)
        except OSError as error:
            print(f"snekide: could not install: {error}", file=sys.stderr)
            return 1
        return 0

    # Qt is imported only now, so that --version and --help work without it.
    from snekide.app import run

    return run(args.files, port=args.port, board=args.board)


if __name__ == "__main__":
    sys.exit(main())
