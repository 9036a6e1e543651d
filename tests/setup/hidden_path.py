# SPDX-License-Identifier: GPL-3.0-or-later
"""A PATH like this one with some commands taken out: a machine that lacks them."""

import os
from pathlib import Path


def path_without(hidden: set[str], bin_dir: Path) -> str:
    """Fill bin_dir with links to every command on PATH except the hidden ones (the
    first of each name, as a shell finds it) and return bin_dir as a PATH."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    for folder in os.environ.get('PATH', '').split(os.pathsep):
        if not os.path.isdir(folder):
            continue
        for entry in os.scandir(folder):
            link = bin_dir / entry.name
            if entry.name in hidden or link.exists() or link.is_symlink():
                continue
            if entry.is_file() and os.access(entry.path, os.X_OK):
                link.symlink_to(entry.path)
    return str(bin_dir)
