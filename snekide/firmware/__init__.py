"""The host build of the Snek firmware bundled with an installed snekide.

``pip install .`` compiles ``firmware/`` (``make -C firmware posix``) and ships
the resulting interpreter, the IDE's built-in simulator, as ``snek`` next to
this file. Editable installs and plain checkouts have no bundled binary: there
:func:`simulator_path` returns None and callers fall back to the checkout
build, ``firmware/build/posix/snek``.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Where a non-editable install puts the host firmware binary.
BUNDLED_SIMULATOR = Path(__file__).resolve().parent / "snek"


def simulator_path() -> Path | None:
    """Return the bundled host firmware binary, or None if there is none."""
    if BUNDLED_SIMULATOR.is_file() and os.access(BUNDLED_SIMULATOR, os.X_OK):
        return BUNDLED_SIMULATOR
    return None
