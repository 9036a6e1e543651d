# SPDX-License-Identifier: GPL-3.0-or-later
""""Start without the robot's program": the Robot menu's item, and the button shown beside the
message when the robot's own program keeps the student out (see boot_watch for when)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QObject, QTimer
from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QPushButton, QWidget

from snekide import boot_watch
from snekide.boot_watch import LABEL, TIP, BootWatch, Trouble
from snekide.device.exceptions import NOT_ANSWERING, SIMULATOR_ENDED


class SafeStart(QObject):
    """Watches the connection and offers the safe start when the student needs it.

    before_start() is called as the safe start begins (the window says it is connecting);
    tell(note, status) puts a note in the REPL and a short line in the status bar. The
    window places action (Robot menu) and button (beside its message), then calls follow().
    """

    def __init__(self, connection: Any, before_start: Callable[[], None],
                 tell: Callable[[str, str], None], parent: QWidget) -> None:
        super().__init__(parent)
        self.connection = connection
        self.watch = BootWatch()
        self._before_start = before_start
        self._tell = tell
        self.action = QAction(LABEL, parent)
        self.action.setToolTip(TIP)
        self.action.setStatusTip(TIP)
        self.action.triggered.connect(lambda _checked=False: self.start())
        self.button = QPushButton(LABEL)
        self.button.setObjectName("safe_start_button")
        self.button.setToolTip(TIP)
        self.button.hide()
        self.button.clicked.connect(lambda _checked=False: self.start())
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(lambda: self._show(self.watch.check()))

    def follow(self) -> None:
        """Listen to the connection (after the window's own listeners: the note comes after
        what the window says, such as "The simulator stopped")."""
        c = self.connection
        c.connecting.connect(self._on_connecting)
        c.connected.connect(self._on_connected)
        c.output.connect(lambda text: self._show(self.watch.output(text)))
        c.error_found.connect(lambda _report: self._watched(self.watch.printed_error()))
        c.prompt.connect(lambda _main: self._on_prompt())
        c.disconnected.connect(
            lambda message: self._show(self.watch.stopped(message == SIMULATOR_ENDED)))
        c.problem.connect(self._on_problem)
        c.busy_changed.connect(lambda busy: self.action.setEnabled(not busy))

    def start(self) -> None:
        """Restart the board chosen last without running its program."""
        if self.connection.last_choice is None:
            self.connection.start_without_program()   # says that nothing is connected
            return
        self.button.hide()
        self._before_start()
        job = self.connection.start_without_program()
        if job is not None:
            job.succeeded.connect(lambda _board: self._tell(boot_watch.STARTED,
                                                            boot_watch.STARTED_STATUS))

    def _on_connecting(self) -> None:
        self.watch.connecting(getattr(self.connection.last_choice, "kind", "") == "simulator")
        self._schedule()

    def _on_connected(self, _label: str) -> None:
        self.watch.connected()
        self._schedule()

    def _on_prompt(self) -> None:
        self.watch.prompt()
        self.button.hide()
        self._schedule()

    def _on_problem(self, message: str) -> None:
        if message == NOT_ANSWERING:
            self._show(self.watch.not_answering())

    def _show(self, trouble: Trouble | None) -> None:
        if trouble is not None:
            self.button.show()
            self._tell(trouble.note, trouble.status)
        self._schedule()

    def _watched(self, _nothing: None) -> None:
        self._schedule()

    def _schedule(self) -> None:
        due = self.watch.check_in()
        if due is None:
            self._timer.stop()
        else:
            self._timer.start(int(due * 1000) + 1)
