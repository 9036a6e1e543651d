# SPDX-License-Identifier: GPL-3.0-or-later
"""Installing Snek on a board: the image checked, then the board's own way of writing it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from snekide.flash import images, stk500, uf2_drive
from snekide.flash.images import Image
from snekide.flash.outcome import Progress, Written, never, no_progress


def install(board: str, port: str, image_path: Path | None = None,
            progress: Progress = no_progress, cancelled: Callable[[], bool] = never, *,
            drives: Iterable[Path] | None = None) -> tuple[Image, Written]:
    """Write the shipped image (or image_path) for board to the board at port, checked.

    FlashError (its str() one line for the person at the computer) if it did
    not work. drives: where a UF2 board's drive may be mounted (found if None).
    """
    image = images.load(images.board(board), image_path)
    if image.board.method == "uf2":
        return image, uf2_drive.install(image, port, progress, cancelled, places=drives)
    return image, stk500.install(image, port, progress, cancelled)
