# SPDX-License-Identifier: GPL-3.0-or-later
"""Does the window keep up while a program prints a lot? Measured on the IDE's simulator.

    python bench/robot/print_flood.py [--seconds S]

Opens the IDE (offscreen unless QT_QPA_PLATFORM says otherwise) on the simulator,
runs a program that prints 1,000 lines a second (virtual time, real speed), then
one that prints as fast as it can, and for each reports what reached the REPL
pane and how late a 10 ms timer on the window's event loop was: a frozen window
shows as late ticks.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt6.QtCore import QEventLoop, QTimer  # noqa: E402

from snekide.app import create_app  # noqa: E402
from snekide.device.usb import SIMULATOR  # noqa: E402
from snekide.main_window import MainWindow  # noqa: E402

PROGRAMS = {
    "1,000 lines/s": "n = 0\nwhile True:\n    print('line', n)\n    n += 1\n    time.sleep(0.001)\n",
    "as fast as it can": "n = 0\nwhile True:\n    print('line', n)\n    n += 1\n",
}


def pump(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def measure(window: MainWindow, program: str, seconds: float) -> dict[str, float]:
    lines = 0

    def count(text: str) -> None:
        nonlocal lines
        lines += text.count("\n")

    ticks: list[float] = []
    frames_before = window.robot_pane.canvas.snapshot.time_us
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    window.connection.output.connect(count)
    window.connection.run_line(program)
    pump(300)  # let it start
    lines = 0
    timer.start()
    start = time.monotonic()
    pump(int(seconds * 1000))
    timer.stop()
    wall = time.monotonic() - start
    window.connection.output.disconnect(count)
    window.stop_program()
    pump(1000)
    gaps = [b - a for a, b in zip(ticks, ticks[1:])] or [wall]
    world_seconds = (window.robot_pane.canvas.snapshot.time_us - frames_before) / 1e6
    return {"lines/s shown": lines / wall, "timer ticks/s": len(ticks) / wall,
            "median tick gap ms": statistics.median(gaps) * 1000,
            "99% tick gap ms": sorted(gaps)[int(0.99 * (len(gaps) - 1))] * 1000,
            "worst tick gap ms": max(gaps) * 1000,
            "robot's seconds per wall second": world_seconds / (wall + 1.3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    os.environ["SNEKIDE_DATA_DIR"] = tempfile.mkdtemp(prefix="snekide-bench-")
    app = create_app()  # noqa: F841 - kept alive while the window lives
    window = MainWindow(list_devices=lambda: [SIMULATOR])
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    window.show()
    window.connect_default()
    deadline = time.monotonic() + 15
    while not window.board_status.text().startswith("Connected"):
        if time.monotonic() > deadline:
            print("the simulator did not connect", file=sys.stderr)
            return 1
        pump(50)
    for name, program in PROGRAMS.items():
        result = measure(window, program, args.seconds)
        print(f"{name}:")
        for key, value in result.items():
            print(f"  {key:34} {value:10.1f}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
