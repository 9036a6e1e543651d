# SPDX-License-Identifier: GPL-3.0-or-later
"""Robot → Install Snek on a board…: the dialog. The work is in installer, probe and finder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from snekide.flash import images, installer, probe
from snekide.flash.errors import FlashError
from snekide.flash.finder import FoundPort, find_ports
from snekide.flash.ide_link import IdeLink
from snekide.flash.outcome import Written
from snekide.flash.task import Task

#: Tasks still running, kept alive even if their dialog is closed and deleted.
_RUNNING: set[Task] = set()

STAGE_TEXT = {
    "connecting": "Waiting for the board's bootloader…",
    "writing": "Writing Snek…",
    "checking": "Checking what was written…",
}
GOOD = "color: #1b5e20;"
BAD = "color: #8c1d13;"


class FlashDialog(QDialog):
    """Choose the board and its port, see both Snek versions, install with progress, cancel."""

    installed = pyqtSignal(str, str)    # port, board name

    def __init__(self, parent: QWidget | None = None, *, connection: Any = None,
                 ports: Callable[[], list[FoundPort]] = find_ports,
                 drives: list[Path] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Install Snek on a board")
        self.setMinimumWidth(560)
        self._ports = ports
        self._drives = drives
        self._link = IdeLink(connection)
        self._found: list[FoundPort] = []
        self._task: Task | None = None
        self._checker: Task | None = None
        self._installing: tuple[str, images.BoardSpec] | None = None
        self._done = False
        self._build()
        self.refresh_ports()

    # -- building ------------------------------------------------------------

    def _build(self) -> None:
        self.board = QComboBox()
        self.board.setObjectName("board")
        self.board.addItem("Which board is it?", None)
        for name, spec in images.BOARDS.items():
            self.board.addItem(spec.label, name)
        self.port = QComboBox()
        self.port.setObjectName("port")
        self.port.setEditable(True)
        self.shipped = QLabel()
        self.shipped.setObjectName("shipped_version")
        self.shipped.setWordWrap(True)
        self.on_board = QLabel("—")
        self.on_board.setObjectName("board_version")
        self.on_board.setWordWrap(True)
        self.check_button = QPushButton("Check the board")
        self.check_button.setObjectName("check")
        on_board_row = QHBoxLayout()
        on_board_row.addWidget(self.on_board, 1)
        on_board_row.addWidget(self.check_button)
        form = QFormLayout()
        form.addRow("Board:", self.board)
        form.addRow("Port:", self.port)
        form.addRow("Snek in snekide:", self.shipped)
        form.addRow("Snek on the board:", on_board_row)
        self.progress = QProgressBar()
        self.progress.setObjectName("progress")
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = QLabel("Plug in the board, choose it, then press Install.")
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.install_button = QPushButton("Install")
        self.install_button.setObjectName("install")
        self.install_button.setDefault(True)
        self.close_button = QPushButton("Close")
        self.close_button.setObjectName("close")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.install_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self.board.currentIndexChanged.connect(self._on_board_changed)
        self.port.currentIndexChanged.connect(self._on_port_picked)
        self.port.editTextChanged.connect(self._update_buttons)
        self.check_button.clicked.connect(self.check_board)
        self.install_button.clicked.connect(self.install)
        self.close_button.clicked.connect(self._on_close_button)

    # -- choosing ------------------------------------------------------------

    def refresh_ports(self) -> None:
        """List the ports again; pick the first whose USB id names a board."""
        try:
            self._found = self._ports()
        except Exception as error:  # noqa: BLE001 - a broken port list must not close the dialog
            self._found = []
            self._say(f"Could not look for boards: {error}", BAD)
        self.port.blockSignals(True)
        self.port.clear()
        for found in self._found:
            self.port.addItem(found.label, found)
        self.port.blockSignals(False)
        if self._found:
            self.port.setCurrentIndex(0)
            self._on_port_picked(0)
        self._on_board_changed()

    def _on_port_picked(self, index: int) -> None:
        found = self.port.itemData(index)
        if isinstance(found, FoundPort) and found.board:
            self.board.setCurrentIndex(self.board.findData(found.board))

    def port_name(self) -> str:
        """The chosen port's device name (a found one, or what was typed)."""
        found = self.port.itemData(self.port.currentIndex())
        text = self.port.currentText().strip()
        if isinstance(found, FoundPort) and text == found.label:
            return found.port
        return text

    def spec(self) -> images.BoardSpec | None:
        name = self.board.currentData()
        return images.BOARDS[name] if name else None

    def _on_board_changed(self, _index: int = 0) -> None:
        spec = self.spec()
        self.on_board.setText("—")
        if spec is None:
            self.shipped.setText("Choose the board first.")
            self.shipped.setStyleSheet("")
        else:
            try:
                image = images.load(spec)
            except FlashError as error:
                self.shipped.setText(str(error))
                self.shipped.setStyleSheet(BAD)
            else:
                self.shipped.setText(f"Snek {image.version}" if image.version
                                     else image.path.name)
                self.shipped.setStyleSheet("")
        self._update_buttons()

    def _update_buttons(self, *_ignored: object) -> None:
        busy = self._task is not None or self._checker is not None
        ready = self.spec() is not None and not self.shipped.styleSheet()
        self.install_button.setEnabled(ready and not busy and bool(self.port_name()))
        self.check_button.setEnabled(not busy and self.spec() is not None
                                     and self.spec().method == "stk500")
        for widget in (self.board, self.port):
            widget.setEnabled(self._task is None)
        self.close_button.setText("Cancel" if self._task is not None else "Close")

    def _say(self, text: str, style: str = "") -> None:
        self.status.setText(text)
        self.status.setStyleSheet(style)

    # -- the board's own version ----------------------------------------------

    def check_board(self) -> None:
        """Read the version from the banner the board prints as it restarts."""
        spec, port = self.spec(), self.port_name()
        if spec is None or not port or self._task is not None or self._checker is not None:
            return
        self.on_board.setText("Looking…")

        def call(progress: Any, cancelled: Any) -> str | None:
            return probe.board_version(port, spec)

        self._checker = Task(call)
        self._checker.succeeded.connect(self._on_version)
        self._checker.failed.connect(self.on_board.setText)
        self._checker.finished.connect(self._on_check_finished)
        self._update_buttons()
        self._start_after_release(port, self._checker)

    def _start_after_release(self, port: str, task: Task) -> None:
        """Start task once the REPL has let go of port (at once if it does not hold it)."""
        _RUNNING.add(task)
        task.finished.connect(lambda: _RUNNING.discard(task))
        job = self._link.release(port)
        if job is None:
            task.start()
        else:
            job.finished.connect(task.start)

    def _on_version(self, version: str | None) -> None:
        self.on_board.setText(f"Snek {version}" if version else
                              "No Snek answered (a new board, or another program on it).")

    def _on_check_finished(self) -> None:
        self._checker = None
        self._update_buttons()

    # -- installing ----------------------------------------------------------

    def install(self) -> None:
        spec, port = self.spec(), self.port_name()
        if spec is None or not port or self._task is not None or self._checker is not None:
            return
        self._done = False
        self._installing = (port, spec)
        drives = self._drives

        def call(progress: Any, cancelled: Any) -> tuple[Any, Written]:
            return installer.install(spec.name, port, None, progress, cancelled, drives=drives)

        task = Task(call)
        task.progress.connect(self._on_progress)
        task.succeeded.connect(self._on_installed)
        task.failed.connect(self._on_failed)
        task.finished.connect(self._on_install_finished)
        self._task = task
        self.progress.setRange(0, 0)
        self._say(STAGE_TEXT["connecting"])
        self._update_buttons()
        self._start_after_release(port, task)

    def cancel(self) -> None:
        if self._task is not None:
            self._say("Stopping…")
            self._task.cancel()

    def _on_progress(self, stage: str, done: int, total: int) -> None:
        if stage == "connecting":
            self.progress.setRange(0, 0)
        else:
            # Writing is the first half of the bar, checking the second.
            half = 0 if stage == "writing" else max(total, 1)
            self.progress.setRange(0, 2 * max(total, 1))
            self.progress.setValue(half + done)
        percent = 100 * done // total if total else 0
        text = STAGE_TEXT.get(stage, stage)
        self._say(text if stage == "connecting" else f"{text} {percent}%")

    def _on_failed(self, message: str) -> None:
        self._say(message, BAD)

    def _on_installed(self, result: tuple[Any, Written]) -> None:
        image, written = result
        assert self._installing is not None
        _, spec = self._installing
        self._done = True
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        version = f"Snek {image.version}" if image.version else image.path.name
        reconnecting = " The REPL connects to it now." if self._link.connection else ""
        self._say(f"{version} is on the {spec.label}: {written.size:,} bytes written and "
                  f"checked in {written.seconds:.1f} s.{reconnecting}", GOOD)
        self.on_board.setText(version)
        found = self.port.itemData(self.port.currentIndex())
        serial_number = found.serial_number if isinstance(found, FoundPort) else None
        self._link.connect(written.port, spec, serial_number)
        self.installed.emit(written.port, spec.name)

    def _on_install_finished(self) -> None:
        self._task = None
        if not self._done:
            self.progress.setRange(0, 1)
            self.progress.setValue(0)
        self._update_buttons()

    # -- closing -------------------------------------------------------------

    def _on_close_button(self) -> None:
        if self._task is not None:
            self.cancel()
        else:
            self.close()

    def done(self, result: int) -> None:  # noqa: D102 - QDialog override (Esc, Close)
        if self._task is not None:
            self.cancel()     # Esc while writing stops the write; the dialog stays
            return
        if not self._done:
            self._link.restore()
        super().done(result)


def open_dialog(window: Any) -> FlashDialog:
    """Show the dialog for the main window (its REPL's connection is lent to the dialog)."""
    dialog = FlashDialog(window, connection=getattr(window, "connection", None))
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
