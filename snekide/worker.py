# SPDX-License-Identifier: GPL-3.0-or-later
"""Blocking device calls off the GUI thread, with results and callbacks delivered as Qt signals."""

from __future__ import annotations

import sys
import threading
import traceback
from collections import deque
from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QObject, QTimer, pyqtSignal


def is_device_error(error: BaseException) -> bool:
    """Whether error is the device layer's DeviceError (its message is written for students)."""
    return any(cls.__name__ == "DeviceError" for cls in type(error).__mro__)


class Job(QObject):
    """One call running in the background; its signals arrive on the GUI thread."""

    progress = pyqtSignal(int, int)  # done, total
    succeeded = pyqtSignal(object)  # the call's result
    failed = pyqtSignal(str)  # a message for the student
    finished = pyqtSignal()  # after succeeded or failed

    def __init__(self, label: str, call: Callable[..., Any], args: tuple[Any, ...],
                 with_progress: bool = False) -> None:
        super().__init__()
        self.label = label
        self.call = call
        self.args = args
        self.with_progress = with_progress
        self.done = False
        self.result: Any = None
        self.error: str | None = None
        self.droppable = False
        self.cancelled = False

    def cancel(self) -> None:
        """Never run (dropped by an urgent job): only finished is emitted."""
        self.done = True
        self.cancelled = True
        self.finished.emit()

    def report_progress(self, *args: Any) -> None:
        """Progress callback for the device layer: (done, total) or a fraction 0..1."""
        try:
            if len(args) >= 2:
                done, total = int(args[0]), int(args[1])
            else:
                done, total = int(round(float(args[0]) * 100)), 100
        except (TypeError, ValueError, IndexError):
            return
        self.progress.emit(done, total)

    def run(self) -> None:
        """Run the call here (a worker thread) and emit the outcome."""
        try:
            if self.with_progress:
                self.result = self.call(*self.args, progress=self.report_progress)
            else:
                self.result = self.call(*self.args)
        except Exception as e:  # noqa: BLE001 - the window must keep working
            if is_device_error(e):
                self.error = str(e) or f"{self.label} did not work."
            else:
                traceback.print_exc(file=sys.stderr)
                self.error = f"{self.label} did not work: {e}"
        self.done = True
        if self.error is None:
            self.succeeded.emit(self.result)
        else:
            self.failed.emit(self.error)
        self.finished.emit()


class Worker:
    """Runs jobs one at a time, in order, on a background thread.

    An urgent job (Stop) goes to the front of the queue and drops the droppable
    jobs still waiting (REPL lines not sent yet), as an interrupt does on the board.
    """

    def __init__(self) -> None:
        self._pending: deque[Job] = deque()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._jobs: set[Job] = set()  # keeps queued and running jobs alive
        self._closed = False

    def submit(self, label: str, call: Callable[..., Any], *args: Any, urgent: bool = False,
               droppable: bool = False, with_progress: bool = False) -> Job:
        """Queue call(*args); connect to the returned job's signals for the outcome.

        The job starts when the event loop next runs, so connections made right after
        submit() see every signal. With with_progress, call also gets
        progress=job.report_progress.
        """
        job = Job(label, call, args, with_progress)
        job.droppable = droppable
        with self._cond:
            self._jobs.add(job)
        job.finished.connect(lambda: self._forget(job))
        QTimer.singleShot(0, lambda: self._start(job, urgent))
        return job

    def busy(self) -> bool:
        """Whether any job is queued or running."""
        with self._cond:
            return bool(self._jobs)

    def shutdown(self, timeout: float = 5.0) -> None:
        """Drop queued jobs, let the running one finish (up to timeout), stop the thread."""
        with self._cond:
            self._closed = True
            self._pending.clear()
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _start(self, job: Job, urgent: bool) -> None:
        dropped: list[Job] = []
        with self._cond:
            if self._closed:
                return
            if urgent:
                dropped = [j for j in self._pending if j.droppable]
                self._pending = deque(j for j in self._pending if not j.droppable)
                self._pending.appendleft(job)
            else:
                self._pending.append(job)
            self._cond.notify_all()
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="snekide-device",
                                                daemon=True)
                self._thread.start()
        for old in dropped:
            old.cancel()

    def _forget(self, job: Job) -> None:
        with self._cond:
            self._jobs.discard(job)

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if self._closed:
                    return
                job = self._pending.popleft()
            job.run()


class BoardSignals(QObject):
    """The board's callbacks (from its reader thread) turned into signals on the GUI thread.

    What the board sends is queued and delivered in order, with the text that came between two
    deliveries joined into one output signal: a program printing thousands of lines a second
    costs the window one update per turn of its event loop, not one per line.
    """

    output = pyqtSignal(str)
    prompt = pyqtSignal(bool)               # main
    line_sent = pyqtSignal(object, object, bool)  # tag, console line number or None, main
    lines_dropped = pyqtSignal(list)        # tags
    disconnected = pyqtSignal(str)
    _arrived = pyqtSignal()  # something is queued (sent once until it is delivered)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lock = threading.Lock()
        self._queue: list[tuple[str, tuple[Any, ...]]] = []
        self._arrived.connect(self._deliver)

    def attach(self, board: Any) -> None:
        """Route the board's callbacks (on_output, on_prompt, ...) through these signals."""
        board.on_output = lambda text: self._post("output", text)
        board.on_prompt = lambda main: self._post("prompt", main)
        board.on_line_sent = lambda tag, number, main: self._post("line_sent", tag, number, main)
        board.on_lines_dropped = lambda tags: self._post("lines_dropped", tags)
        board.on_disconnect = lambda message: self._post("disconnected", message)

    def _post(self, name: str, *args: Any) -> None:
        """Queue a signal's emission (output joined to output queued just before it)."""
        with self._lock:
            first = not self._queue
            if name == "output" and self._queue and self._queue[-1][0] == "output":
                self._queue[-1] = ("output", (self._queue[-1][1][0] + args[0],))
            else:
                self._queue.append((name, args))
        if first:
            self._arrived.emit()

    def _deliver(self) -> None:
        with self._lock:
            queue, self._queue = self._queue, []
        for name, args in queue:
            getattr(self, name).emit(*args)
