# SPDX-License-Identifier: GPL-3.0-or-later
"""How long the IDE's window stops answering while a program floods it with output.

    python bench/ide/window_stall.py [--rate LINES_PER_SECOND] [--lines N] [--pins N]
                                     [--panes both|board|plotter|none] [--board uno]

Opens the IDE (offscreen unless QT_QPA_PLATFORM says otherwise) on the simulator, with the
Board and Plotter panes shown (--panes shows one or none of them, for comparison), and runs a
program that prints rows of numbers at the rate asked for (0: as fast as it can), or with
--pins one that switches a pin on and off N times as fast as it can (a flood of the side
channel, which the board view follows: on the Uno simulator, which reports every change on
the wall clock, it floods; a Snekboard in the robot's world reports at the world's steps).
A timer
asks the event loop to come back every 5 ms; the report gives how late it came back: the
longest stall, the 99th percentile, and how many rows the plotter took. Nothing is built
here: run `make -C firmware posix` first. The figures depend on the machine and its load:
run it on a quiet machine and say which.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SNEKIDE_DATA_DIR", tempfile.mkdtemp(prefix="snekide-bench-"))

from PyQt6.QtCore import QElapsedTimer, QTimer  # noqa: E402
from PyQt6.QtTest import QTest  # noqa: E402

from snekide.app import create_app  # noqa: E402
from snekide.connect_choices import simulator  # noqa: E402
from snekide.main_window import MainWindow  # noqa: E402

TICK_MS = 5


def program(lines: int, rate: int) -> str:
    """A REPL block printing `lines` rows of three numbers, paced at `rate` a second."""
    pace = ("    while time.monotonic() - start < (i + 1) / %d:\n"
            "        time.sleep(0.0002)\n" % rate) if rate else ""
    return ("start = time.monotonic()\n"
            f"for i in range({lines}):\n"
            "    print(i, sin(i / 50), cos(i / 70))\n" + pace)


def wait_for(ready, what: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise SystemExit(f"window_stall: timed out waiting for {what}")
        QTest.qWait(5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=int, default=1000, help="rows a second (0: flat out)")
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--pins", type=int, default=0, help="switch a pin N times instead")
    parser.add_argument("--panes", choices=("both", "board", "plotter", "none"), default="both")
    parser.add_argument("--board", choices=("snekboard", "uno"), default="snekboard",
                        help="the simulator runs as this board")
    args = parser.parse_args()
    if args.pins:
        pin = "A1" if args.board == "snekboard" else "D2"
        code = f"talkto({pin})\nfor i in range({args.pins}):\n    on(); off()\nprint('pins done')\n"
        what = f"{args.pins} times on and off"
    else:
        code = program(args.lines, args.rate)
        what = f"{args.lines} rows at {'full speed' if not args.rate else f'{args.rate}/s'}"

    app = create_app(sys.argv[:1])  # noqa: F841 - keep it alive
    window = MainWindow(list_devices=lambda: [simulator(args.board)])
    window.resize(1280, 800)
    window.show()
    for name, pane in (("board", window.board_view), ("plotter", window.plotter)):
        if args.panes in (name, "both"):
            pane.parentWidget().show()
    window.connect_default(simulator(args.board))
    wait_for(lambda: window.board_status.text().startswith("Connected"), "the simulator", 30)
    QTest.qWait(300)

    gaps: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed()]

    def tick() -> None:
        now = clock.nsecsElapsed()
        gaps.append((now - last[0]) / 1e6 - TICK_MS)
        last[0] = now
    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)

    rows_before = window.plotter.rows.count
    cpu = time.process_time()
    started = time.monotonic()
    window.connection.run_program(code, "bench")
    timer.start()
    control = window.repl
    wait_for(lambda: (("pins done" in control.toPlainText()) if args.pins else
                      window.plotter.rows.count - rows_before >= args.lines)
             and control.toPlainText().rstrip().endswith(">"), "the program",
             args.lines / max(args.rate, 1000) * 20 + args.pins / 1000 + 60)
    elapsed = time.monotonic() - started
    timer.stop()
    gaps.sort()
    p99 = gaps[int(len(gaps) * 0.99)] if gaps else 0.0
    p50 = gaps[len(gaps) // 2] if gaps else 0.0
    over = sum(1 for g in gaps if g > 50)
    print(f"{what} on the {args.board}, panes {args.panes}: {elapsed:.1f} s; "
          f"event loop late by at most {max(gaps, default=0):.1f} ms "
          f"(median {p50:.1f} ms, 99th percentile {p99:.1f} ms, {over} times over 50 ms, "
          f"{len(gaps)} ticks of {TICK_MS} ms); "
          f"CPU {time.process_time() - cpu:.1f} s in the IDE's process; "
          f"the plotter holds {len(window.plotter.rows)} rows; "
          f"the board view says {window.board_view.notice.text() or 'nothing'!r}")
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
