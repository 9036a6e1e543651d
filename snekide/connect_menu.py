# SPDX-License-Identifier: GPL-3.0-or-later
"""The Connect menu and button: pick the simulator's board, a robot or any serial port."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QObject, pyqtSignal
from PyQt6.QtGui import QAction, QActionGroup
from PyQt6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                             QLineEdit, QMenu, QVBoxLayout, QWidget)

from snekide import connect_choices as choices
from snekide.connect_choices import Plan
from snekide.device.usb import DeviceChoice
from snekide.settings import Preferences

#: Preferences key of the board chosen last.
REMEMBERED = "connection"

OTHER_PORT = "Other port…"
NO_ROBOT = "No robot plugged in"


class OtherPortDialog(QDialog):
    """Asks for a port by its name (/dev/ttyUSB0, a pty, COM3) and which board is behind it."""

    def __init__(self, parent: QWidget | None = None, port: str = "", board: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Connect to another port")
        self.setObjectName("other_port_dialog")
        layout = QVBoxLayout(self)
        intro = QLabel("Type the name of the port your robot is on, for example /dev/ttyUSB0 "
                       "(or COM3 on Windows).")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.port = QLineEdit(port)
        self.port.setObjectName("port")
        self.port.setPlaceholderText("/dev/ttyUSB0")
        self.board = QComboBox()
        self.board.setObjectName("board")
        self.board.addItem("I don't know", "")
        for name, label in choices.BOARD_NAMES.items():
            self.board.addItem(label, name)
        index = self.board.findData(board)
        self.board.setCurrentIndex(max(index, 0))
        form.addRow("Port:", self.port)
        form.addRow("Board:", self.board)
        layout.addLayout(form)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                        QDialogButtonBox.StandardButton.Cancel)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok is not None
        ok.setText("Connect")
        self.buttons.accepted.connect(self._check)
        self.buttons.rejected.connect(self.reject)
        self.problem = QLabel("")
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("QLabel { color: #8c1d13; }")
        self.problem.hide()
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.port.textChanged.connect(self._update)
        self._update()
        self.setMinimumWidth(520)
        self.adjustSize()

    def _update(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok is not None
        ok.setEnabled(bool(self.port.text().strip()))
        self.problem.hide()

    def _check(self) -> None:
        """Accept a port that is there; say so, and stay open, for a name that is not."""
        problem = choices.port_problem(self.port.text().strip())
        if problem:
            self.problem.setText(problem)
            self.problem.show()
            self.adjustSize()  # room for the message
            return
        self.accept()

    def choice(self) -> DeviceChoice:
        return choices.port_choice(self.port.text().strip(), str(self.board.currentData() or ""))


class ConnectMenu(QMenu):
    """The simulator as each board, the robots plugged in, every serial port, Other port…

    Rebuilt each time it opens, so a robot plugged in a moment ago is there.
    """

    chosen = pyqtSignal(object)  # a DeviceChoice
    other_port_requested = pyqtSignal()

    def __init__(self, model: Callable[[], choices.MenuModel], current: Callable[[], Any],
                 parent: QWidget | None = None) -> None:
        super().__init__("&Connect", parent)
        self.setObjectName("connect_menu")
        self.setToolTipsVisible(True)
        self._model = model
        self._current = current
        self.aboutToShow.connect(self.rebuild)

    def rebuild(self) -> None:
        self.clear()
        try:
            model = self._model()
        except Exception as error:  # noqa: BLE001 - a broken port list must not close the IDE
            model = choices.MenuModel(simulators=[choices.simulator(board)
                                                  for board in choices.SIMULATED_BOARDS])
            self._heading(f"Could not look for robots: {error}")
        group = QActionGroup(self)
        current = self._current()
        self._heading("Simulator (no robot needed)")
        for choice in model.simulators:
            self._entry(choice, group, current,
                        f"The simulator behaves like a {choices.board_name(choice.board)}")
        self._heading("Robots plugged in")
        if not model.robots:
            self._heading(NO_ROBOT, indent=True)
        for choice in model.robots:
            self._entry(choice, group, current, f"A robot on the port {choice.port}")
        self._heading("Serial ports")
        for choice in model.ports:
            self._entry(choice, group, current, f"Whatever is on the port {choice.port}")
        other = self.addAction(OTHER_PORT)
        assert other is not None
        other.setToolTip("Type the name of a port that is not in this list")
        other.triggered.connect(self.other_port_requested)

    def entries(self) -> list[str]:
        """The texts of the menu's entries (headings included), as shown."""
        return [action.text() for action in self.actions() if not action.isSeparator()]

    def action_for(self, text: str) -> QAction:
        for action in self.actions():
            if action.text() == text:
                return action
        raise KeyError(text)

    def _heading(self, text: str, indent: bool = False) -> None:
        action = self.addAction(("    " if indent else "") + text)
        assert action is not None
        action.setEnabled(False)
        font = action.font()
        font.setBold(not indent)
        font.setItalic(indent)
        action.setFont(font)

    def _entry(self, choice: DeviceChoice, group: QActionGroup, current: Any, tip: str) -> None:
        action = self.addAction(choice.label)
        assert action is not None
        action.setCheckable(True)
        action.setChecked(choices.same(choice, current))
        action.setToolTip(tip)
        group.addAction(action)
        action.triggered.connect(lambda _checked=False, c=choice: self.chosen.emit(c))


class Connector(QObject):
    """Decides what Connect does (see connect_choices), remembers the board, says what happened.

    The window gives it ways to list devices and ports, to start a connection, to let the
    student pick among several, and to show a message.
    """

    def __init__(self, connection: Any, detect: Callable[[], list[Any]],
                 ports: Callable[[], list[Any]], start: Callable[[Any, bool], None],
                 choose: Callable[[list[Any]], Any | None], tell: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.connection = connection
        self._detect = detect
        self._ports = ports
        self._start = start
        self._choose = choose
        self._tell = tell
        self._parent = parent
        self.preferences = Preferences()
        #: Ports named by the student this session (command line, Other port…).
        self.extra_ports: list[DeviceChoice] = []
        self._note = ""
        self.menu = ConnectMenu(self.model, self.current, parent)
        self.menu.chosen.connect(lambda choice: self.connect_to(choice))
        self.menu.other_port_requested.connect(self.ask_other_port)
        connection.connected.connect(self._on_connected)
        connection.problem.connect(lambda _message: self._forget_note())
        connection.disconnected.connect(lambda _message: self._forget_note())

    # -- what is there ----------------------------------------------------------

    def remembered(self) -> DeviceChoice | None:
        return choices.from_settings(self.preferences.get(REMEMBERED))

    def current(self) -> Any | None:
        """The board connected now (None when not connected)."""
        return self.connection.last_choice if self.connection.is_connected else None

    def model(self) -> choices.MenuModel:
        extra = list(self.extra_ports)
        remembered = self.remembered()
        if remembered is not None and remembered.kind == "serial":
            extra.append(remembered)
        last = self.connection.last_choice
        if last is not None and last.kind == "serial":
            extra.append(last)
        return choices.menu_model(self._detect(), self._ports(), extra)

    # -- connecting ---------------------------------------------------------------

    def connect_to(self, choice: Any, ask: bool = True, note: str = "") -> None:
        """Start choice; say note once it is connected."""
        self._note = note
        self._start(choice, ask)

    def connect_at_start(self, given: DeviceChoice | None = None) -> None:
        """At start: the board given on the command line, else the remembered one (see
        connect_choices.plan_start)."""
        if given is not None:
            if given.kind == "serial":
                self.extra_ports.append(given)
                problem = choices.port_problem(given.port or "")
                if problem:
                    self._tell(problem)  # a mistyped --port: say so, connect to nothing
                    return
            self.connect_to(given, ask=False)
            return
        plan = self._plan(lambda detected: choices.plan_start(detected, self.remembered()))
        if plan is not None and plan.choice is not None:
            self.connect_to(plan.choice, ask=False, note=plan.note)

    def connect_pressed(self) -> None:
        """The Connect button (see connect_choices.plan_connect)."""
        plan = self._plan(lambda detected: choices.plan_connect(
            detected, self.connection.last_choice, self.connection.is_connected,
            self.remembered()))
        if plan is None:
            return
        if plan.ask:
            picked = self._choose(list(plan.ask))
            if picked is not None:
                self.connect_to(picked)
            return
        if plan.choice is not None:
            self.connect_to(plan.choice, note=plan.note)
        elif plan.note:
            self._tell(plan.note)

    def ask_other_port(self) -> None:
        last = self.remembered()
        port = last.port if last is not None and last.kind == "serial" else ""
        dialog = OtherPortDialog(self._parent, port or "", choices.board_of(last) if last else "")
        if dialog.exec() == QDialog.DialogCode.Accepted:
            choice = dialog.choice()
            self.extra_ports.append(choice)
            self.connect_to(choice)

    def _plan(self, decide: Callable[[list[Any]], Plan]) -> Plan | None:
        try:
            detected = self._detect()
        except Exception as error:  # noqa: BLE001 - a broken port list must not close the IDE
            self._tell(f"Could not look for robots: {error}")
            return None
        return decide(detected)

    def _on_connected(self, _label: str) -> None:
        choice = self.connection.last_choice
        if choice is not None:
            try:
                self.preferences.set(REMEMBERED, choices.to_settings(choice))
            except OSError:
                pass  # not remembered: the next start simply asks again
        if self._note:
            self._tell(self._note)
        self._note = ""

    def _forget_note(self) -> None:
        self._note = ""
