# SPDX-License-Identifier: GPL-3.0-or-later
"""Connection with real boards: the careful transport, and reconnecting without a new REPL."""

from __future__ import annotations

from typing import Any

import pytest

from snekide import connection as connection_module
from snekide.connection import NOT_CONNECTED, Connection, make_board
from snekide.device import realboard
from snekide.device.realboard import BoardPort
from snekide.device.usb import SIMULATOR, DeviceChoice

WAIT = 10_000  # ms

UNO = DeviceChoice("Arduino Uno (/dev/ttyACM0)", "serial", "/dev/ttyACM0", "8573531",
                   needs_pacing=True, generic_bridge=False, resets_on_open=True)
SNEKBOARD = DeviceChoice("Snekboard (/dev/ttyACM1)", "serial", "/dev/ttyACM1", "SNEK42",
                         needs_pacing=False, generic_bridge=False)


class FakeBoard:
    def __init__(self, choice: Any) -> None:
        self.choice = choice
        self.closed = False
        self.on_output: Any = None
        self.on_prompt: Any = None
        self.on_disconnect: Any = None

    def start(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def run_line(self, text: str) -> None:
        pass


class Factories:
    def __init__(self) -> None:
        self.made: list[tuple[str, FakeBoard]] = []

    def first(self, choice: Any) -> FakeBoard:
        self.made.append(("connect", FakeBoard(choice)))
        return self.made[-1][1]

    def again(self, choice: Any) -> FakeBoard:
        self.made.append(("reconnect", FakeBoard(choice)))
        return self.made[-1][1]


@pytest.fixture
def conn(qtbot):
    factories = Factories()
    connection = Connection(factories.first, reconnect_factory=factories.again)
    yield connection, factories
    connection.close()


def test_make_board_uses_the_careful_port_for_robots():
    board = make_board(UNO)
    port = board.transport   # type: ignore[attr-defined]
    assert isinstance(port, BoardPort)
    assert (port.port, port.serial_number, port.resets_on_open) == ("/dev/ttyACM0", "8573531", True)
    assert board.needs_pacing   # type: ignore[attr-defined]
    port = make_board(SNEKBOARD).transport   # type: ignore[attr-defined]
    assert isinstance(port, BoardPort) and not port.resets_on_open


def test_make_board_again_looks_for_the_board(monkeypatch):
    calls: list[tuple[Any, ...]] = []

    def open_again(serial_number: str | None, last_port: str, make: Any) -> Any:
        transport = make("/dev/ttyACM3")
        calls.append((serial_number, last_port, transport.port, transport.resets_on_open))
        return transport

    monkeypatch.setattr(realboard, "open_again", open_again)
    board = connection_module.make_board_again(UNO)
    assert calls == [("8573531", "/dev/ttyACM0", "/dev/ttyACM3", True)]
    assert board.transport.port == "/dev/ttyACM3"   # type: ignore[attr-defined]


def test_reconnect_before_any_connect_says_so(qtbot, conn):
    connection, factories = conn
    with qtbot.waitSignal(connection.problem, timeout=WAIT) as signal:
        assert connection.reconnect() is None
    assert signal.args == [NOT_CONNECTED]
    assert factories.made == []


def test_reconnect_replaces_only_the_board(qtbot, conn):
    connection, factories = conn
    with qtbot.waitSignal(connection.connected, timeout=WAIT):
        connection.connect_to(UNO)
    with qtbot.waitSignal(connection.connected, timeout=WAIT) as signal:
        connection.reconnect()
    assert signal.args == [UNO.label]
    assert [(how, board.choice) for how, board in factories.made] == [
        ("connect", UNO), ("reconnect", UNO)]
    qtbot.waitUntil(lambda: factories.made[0][1].closed, timeout=WAIT)
    assert connection.is_connected and connection.last_choice is UNO


def test_auto_reconnect_after_the_cable_is_pulled(qtbot, conn):
    connection, factories = conn
    connection.auto_reconnect = True
    with qtbot.waitSignal(connection.connected, timeout=WAIT):
        connection.connect_to(UNO)
    board = factories.made[0][1]
    with qtbot.waitSignals([connection.disconnected, connection.connected], timeout=WAIT,
                           order="strict"):
        board.on_disconnect("The robot is not connected any more.")
    assert [how for how, _ in factories.made] == ["connect", "reconnect"]


def test_no_auto_reconnect_unless_asked_or_for_the_simulator(qtbot, conn):
    connection, factories = conn
    with qtbot.waitSignal(connection.connected, timeout=WAIT):
        connection.connect_to(UNO)
    with qtbot.waitSignal(connection.disconnected, timeout=WAIT):
        factories.made[-1][1].on_disconnect("gone")
    connection.auto_reconnect = True
    with qtbot.waitSignal(connection.connected, timeout=WAIT):
        connection.connect_to(SIMULATOR)
    with qtbot.waitSignal(connection.disconnected, timeout=WAIT):
        factories.made[-1][1].on_disconnect("The simulator stopped.")
    qtbot.wait(200)
    assert [how for how, _ in factories.made] == ["connect", "connect"]
    assert not connection.is_connected
