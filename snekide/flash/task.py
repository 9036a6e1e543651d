# SPDX-License-Identifier: GPL-3.0-or-later
"""A blocking install (or board check) on its own thread, its outcome as Qt signals."""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QObject, pyqtSignal

from snekide.flash.errors import FlashError
from snekide.flash.outcome import Progress

#: call(progress, cancelled) -> result
Call = Callable[[Progress, Callable[[], bool]], Any]


class Task(QObject):
    """Runs call once on a thread; signals arrive on the GUI thread."""

    progress = pyqtSignal(str, int, int)    # stage, done, total
    succeeded = pyqtSignal(object)
    failed = pyqtSignal(str)                # one line for the person at the computer
    finished = pyqtSignal()

    def __init__(self, call: Call, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._call = call
        self._cancel = threading.Event()
        self.running = False

    def start(self) -> None:
        self.running = True
        threading.Thread(target=self._run, name="snekide-flash", daemon=True).start()

    def cancel(self) -> None:
        """Ask the call to stop at its next step (a page, a block)."""
        self._cancel.set()

    def _run(self) -> None:
        try:
            result = self._call(self.progress.emit, self._cancel.is_set)
        except FlashError as error:
            self.failed.emit(str(error))
        except Exception as error:  # noqa: BLE001 - the window must keep working
            traceback.print_exc(file=sys.stderr)
            self.failed.emit(f"Installing did not work: {error}")
        else:
            self.succeeded.emit(result)
        self.running = False
        self.finished.emit()
