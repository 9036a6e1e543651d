# SPDX-License-Identifier: GPL-3.0-or-later
"""Command-line entry point: ``snekide`` and ``python -m snekide``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from snekide import __version__


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="snekide", description="A friendly IDE for Snek.")
    parser.add_argument("--version", action="version", version=f"snekide {__version__}")
    parser.add_argument("--install-desktop", action="store_true",
                        help="add snekide to this user's desktop menu, with the .sneklesson "
                             "file type, so that double-clicking a lesson opens snekide")
    parser.add_argument("files", nargs="*", type=Path,
                        help="programs to open, and lessons (.sneklesson or .md)")
    args = parser.parse_args(argv)
    if args.install_desktop:
        from snekide.desktop_install import install

        try:
            for line in install():
                print(line)
        except OSError as error:
            print(f"snekide: could not install: {error}", file=sys.stderr)
            return 1
        return 0

    # Qt is imported only now, so that --version works without it.
    from snekide.app import run

    return run(args.files)


if __name__ == "__main__":
    sys.exit(main())
