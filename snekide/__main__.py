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
    parser.add_argument("files", nargs="*", type=Path, help="programs to open")
    args = parser.parse_args(argv)

    # Qt is imported only now, so that --version works without it.
    from snekide.app import run

    return run(args.files)


if __name__ == "__main__":
    sys.exit(main())
