# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests for running device calls off the GUI thread."""

from __future__ import annotations

import threading

from snekide.device.exceptions import DeviceError
from snekide.worker import Worker


def test_results_arrive_in_order_on_the_gui_thread(qtbot):
    worker = Worker()
    seen: list[tuple[str, bool]] = []
    gui = threading.current_thread()

    def call(name: str) -> str:
        assert threading.current_thread() is not gui
        return name

    jobs = [worker.submit("Job", call, name) for name in "abc"]
    for job in jobs:
        job.succeeded.connect(lambda r: seen.append((r, threading.current_thread() is gui)))
    with qtbot.waitSignal(jobs[-1].finished, timeout=5000):
        pass
    assert seen == [("a", True), ("b", True), ("c", True)]
    worker.shutdown()


def test_device_errors_keep_their_message_others_say_what_failed(qtbot):
    worker = Worker()

    def plain() -> None:
        raise DeviceError("The robot did not answer.")

    def bug() -> None:
        raise ValueError("oops")

    first = worker.submit("Get", plain)
    second = worker.submit("Put", bug)
    with qtbot.waitSignals([first.failed, second.failed], timeout=5000) as blockers:
        pass
    assert [tuple(s.args) for s in blockers.all_signals_and_args] == [
        ("The robot did not answer.",), ("Put did not work: oops",)]
    worker.shutdown()


def test_progress_is_reported(qtbot):
    worker = Worker()

    def put(text: str, progress) -> int:
        progress(1, 2)
        progress(2, 2)
        return len(text)

    job = worker.submit("Put", put, "abc", with_progress=True)
    steps: list[tuple[int, int]] = []
    job.progress.connect(lambda done, total: steps.append((done, total)))
    with qtbot.waitSignal(job.succeeded, timeout=5000) as blocker:
        pass
    assert steps == [(1, 2), (2, 2)]
    assert blocker.args == [3]
    worker.shutdown()


def test_urgent_job_goes_first_and_drops_waiting_lines(qtbot):
    worker = Worker()
    gate, started = threading.Event(), threading.Event()
    ran: list[str] = []

    def slow() -> None:
        started.set()
        gate.wait(10)
        ran.append("slow")

    blocker_job = worker.submit("Slow", slow)
    qtbot.waitUntil(started.is_set, timeout=5000)
    line = worker.submit("Run", ran.append, "line", droppable=True)
    later = worker.submit("Get", ran.append, "get")
    stop = worker.submit("Stop", ran.append, "stop", urgent=True)
    with qtbot.waitSignal(line.finished, timeout=5000):
        pass
    assert line.cancelled
    with qtbot.waitSignals([blocker_job.finished, stop.finished, later.finished], timeout=5000):
        gate.set()
    assert ran == ["slow", "stop", "get"]
    worker.shutdown()
