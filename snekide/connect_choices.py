# SPDX-License-Identifier: GPL-3.0-or-later
"""What Connect offers and picks: the simulator as each board, robots, every serial port."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from snekide.device.usb import DeviceChoice, describe_port

#: Boards by the firmware's name (the simulator's and `snekide --board`'s), as students know them.
BOARD_NAMES = {"snekboard": "Snekboard", "uno": "Arduino Uno",
               "duemilanove": "Arduino Duemilanove"}
#: The boards the simulator can be, in menu order; the first is the default.
SIMULATED_BOARDS = ("snekboard", "uno")
DEFAULT_BOARD = SIMULATED_BOARDS[0]

STILL_ON = ("No robot is plugged in, so you are still on the {label}. Plug a robot in with its "
            "USB cable and press Connect, or choose a board in the Connect menu.")
SIMULATOR_ON = "No robot is plugged in, so the {label} is on."
NOT_PLUGGED = ("{label} is not plugged in, so the {simulator} is on instead. Plug it in and "
               "press Connect.")
SEVERAL = "Several robots are plugged in: choose yours in the Connect menu."
LESSON_SWITCHED = "This lesson is for {a_board}, so the simulator is now {a_board}."
LESSON_OTHER_ROBOT = ("This lesson is for {a_board}, but the robot connected is {a_robot}: some "
                      "of its code may not work there. To try the lesson on the simulator, choose "
                      "{simulator} in the Connect menu.")


def board_name(board: str) -> str:
    """The board as students know it ('uno' -> 'Arduino Uno')."""
    return BOARD_NAMES.get(board, board)


def a_board(board: str) -> str:
    """The board with its article, as in a sentence ('uno' -> 'an Arduino Uno')."""
    name = board_name(board)
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def simulated_board(board: str) -> str:
    """The simulator board standing in for board (a Duemilanove is an Uno to the simulator)."""
    if board == "duemilanove":
        return "uno"
    return board if board in SIMULATED_BOARDS else DEFAULT_BOARD


def simulator(board: str = DEFAULT_BOARD) -> DeviceChoice:
    """The simulator running as board."""
    board = simulated_board(board)
    return DeviceChoice(f"{board_name(board)} simulator", "simulator", None, None,
                        needs_pacing=False, generic_bridge=False, board=board)


def port_choice(port: str, board: str = "", description: str = "") -> DeviceChoice:
    """A serial port named by the student (a pty, an adapter we do not know, a command line).

    An Uno resets when its port opens and needs pacing; a Snekboard needs neither. For an
    unknown board the careful way works with both: pacing, and the banner or else DC4.
    """
    if board == "snekboard":
        pacing = resets = False
    else:
        pacing = resets = True
    if board:
        label = f"{board_name(board)} ({port})"
    else:
        label = f"{description} ({port})" if description else f"Port {port}"
    return DeviceChoice(label, "serial", port, None, needs_pacing=pacing, generic_bridge=False,
                        resets_on_open=resets, board=board)


NO_SUCH_PORT = ("There is no port called {port} on this computer. Check the name (the "
                "Connect menu lists the ports there are), or plug the robot in first.")


def port_problem(port: str) -> str:
    """Why a port name typed by the student cannot be a port here ('' when it may be)."""
    if os.name == "nt":
        return ""  # COM ports are not files: opening them says what is wrong
    if not os.path.exists(port):
        return NO_SUCH_PORT.format(port=port)
    return ""


def board_of(choice: Any) -> str:
    """The firmware's name of the board behind a choice ('' when not known)."""
    board = getattr(choice, "board", "") or ""
    if not board and getattr(choice, "kind", "") == "simulator":
        return DEFAULT_BOARD
    return str(board)


def key(choice: Any) -> tuple[str, str]:
    """What makes two choices the same device: the simulator's board, or the port's real path."""
    if choice.kind == "simulator":
        return ("simulator", board_of(choice))
    return ("serial", os.path.realpath(choice.port) if choice.port else "")


def same(a: Any, b: Any) -> bool:
    return a is not None and b is not None and key(a) == key(b)


def is_robot(choice: Any) -> bool:
    """A board recognised by its USB id (not a generic adapter, not the simulator)."""
    return choice.kind == "serial" and not choice.generic_bridge


def other_ports(infos: Iterable[Any]) -> list[DeviceChoice]:
    """Serial ports (serial.tools.list_ports entries) whose USB id names no board."""
    ports = []
    for info in sorted(infos, key=lambda p: p.device):
        if describe_port(info) is not None:
            continue
        description = getattr(info, "description", "") or ""
        if description in ("n/a", info.device):
            description = ""
        ports.append(port_choice(info.device, description=description))
    return ports


# -- the menu -------------------------------------------------------------------

@dataclass
class MenuModel:
    """The Connect menu's sections, each a list of choices."""

    simulators: list[DeviceChoice] = field(default_factory=list)
    robots: list[DeviceChoice] = field(default_factory=list)
    ports: list[DeviceChoice] = field(default_factory=list)


def menu_model(detected: Sequence[Any], ports: Sequence[Any] = (),
               extra: Sequence[Any] = ()) -> MenuModel:
    """The simulator as each board; detected boards; then every other port, once each.

    detected: usb.list_devices() (the simulator and known boards); ports: other_ports();
    extra: ports the student named (command line, Other port…, remembered).
    """
    model = MenuModel(simulators=[simulator(board) for board in SIMULATED_BOARDS])
    seen = {key(choice) for choice in model.simulators}
    for choice in detected:
        if choice.kind == "serial" and key(choice) not in seen:
            model.robots.append(choice)
            seen.add(key(choice))
    for choice in [*ports, *extra]:
        if choice.kind == "serial" and key(choice) not in seen:
            model.ports.append(choice)
            seen.add(key(choice))
    return model


# -- remembering ----------------------------------------------------------------

def to_settings(choice: Any) -> dict[str, str]:
    """What is remembered of a choice (see from_settings)."""
    if choice.kind == "simulator":
        return {"kind": "simulator", "board": board_of(choice)}
    data = {"kind": "serial", "port": str(choice.port), "board": board_of(choice),
            "label": str(choice.label)}
    if getattr(choice, "serial_number", None):
        data["serial_number"] = str(choice.serial_number)
    return data


def from_settings(data: Any) -> DeviceChoice | None:
    """The remembered choice, or None when nothing (sensible) is remembered."""
    if not isinstance(data, dict):
        return None
    board = data.get("board", "")
    if not isinstance(board, str) or (board and board not in BOARD_NAMES):
        board = ""
    if data.get("kind") == "simulator":
        return simulator(board or DEFAULT_BOARD)
    port = data.get("port")
    if data.get("kind") != "serial" or not isinstance(port, str) or not port.strip():
        return None
    choice = port_choice(port, board)
    label, serial_number = data.get("label"), data.get("serial_number")
    if isinstance(label, str) and label.strip():
        choice = _replace(choice, label=label)
    if isinstance(serial_number, str) and serial_number:
        choice = _replace(choice, serial_number=serial_number)
    return choice


def _replace(choice: DeviceChoice, **changes: Any) -> DeviceChoice:
    from dataclasses import replace

    return replace(choice, **changes)


# -- what Connect does ----------------------------------------------------------

@dataclass(frozen=True)
class Plan:
    """Connect to choice, or let the student pick one of ask; note says what happened."""

    choice: DeviceChoice | None = None
    ask: tuple[DeviceChoice, ...] = ()
    note: str = ""


def _present(port: str, detected: Sequence[Any]) -> bool:
    return os.path.exists(port) or any(c.port == port for c in detected)


def _find(wanted: Any, detected: Sequence[Any]) -> Any | None:
    """The detected board that is wanted (same port, or the same USB serial number)."""
    for choice in detected:
        if choice.kind != "serial":
            continue
        if same(choice, wanted) or (wanted.serial_number and
                                    choice.serial_number == wanted.serial_number):
            return choice
    return None


def plan_start(detected: Sequence[Any], remembered: Any | None) -> Plan:
    """At start: the remembered port if it is there, else the one robot plugged in, else the
    simulator (as the remembered board)."""
    robots = [c for c in detected if is_robot(c)]
    if remembered is not None and remembered.kind == "serial":
        found = _find(remembered, detected)
        if found is not None:
            return Plan(found)
        if _present(remembered.port, detected):
            return Plan(remembered)
        if len(robots) == 1:
            return Plan(robots[0])
        stand_in = simulator(board_of(remembered) or DEFAULT_BOARD)
        return Plan(stand_in, note=NOT_PLUGGED.format(label=remembered.label,
                                                      simulator=stand_in.label))
    if len(robots) == 1:
        return Plan(robots[0])
    stand_in = remembered if remembered is not None else simulator()
    return Plan(stand_in, note=SEVERAL if robots else "")


def plan_connect(detected: Sequence[Any], current: Any | None, connected: bool,
                 remembered: Any | None) -> Plan:
    """The Connect button: a robot that was just plugged in, or the board used last; never a
    silent restart of a simulator that is running."""
    candidates = [c for c in detected if c.kind == "serial" and not same(c, current)]
    robots = [c for c in candidates if is_robot(c)]
    simulator_now = current if current is not None and current.kind == "simulator" else None
    if len(robots) == 1 and len(candidates) == 1:
        return Plan(robots[0])
    if candidates:
        first = simulator_now or (remembered if remembered is not None and
                                  remembered.kind == "simulator" else simulator())
        return Plan(ask=(first, *candidates))
    if connected and simulator_now is not None:
        return Plan(note=STILL_ON.format(label=simulator_now.label))
    if current is not None and current.kind == "serial":
        return plan_start(detected, current)
    plan = plan_start(detected, current if current is not None else remembered)
    if plan.choice is not None and plan.choice.kind == "simulator" and not plan.note:
        return Plan(plan.choice, note=SIMULATOR_ON.format(label=plan.choice.label))
    return plan


def plan_lesson(lesson_board: str, current: Any | None, connected: bool) -> Plan:
    """What opening a lesson for lesson_board (or pressing its Try it) does to the connection.

    A student expects a lesson's code to work as soon as the lesson is open. The simulator is
    a stand-in for whichever board the lesson is about, so a simulator running as another
    board switches to the lesson's (Snekboard lessons back to the Snekboard). A real robot is
    the student's own choice and stays: the note says its code may not work there. Nothing is
    connected (or still connecting): nothing to do yet.
    """
    if current is None or not connected:
        return Plan()
    wanted = simulated_board(lesson_board)
    if current.kind == "simulator":
        if board_of(current) == wanted:
            return Plan()
        return Plan(simulator(wanted), note=LESSON_SWITCHED.format(a_board=a_board(wanted)))
    robot = board_of(current)
    if robot in BOARD_NAMES and simulated_board(robot) != wanted:
        return Plan(note=LESSON_OTHER_ROBOT.format(a_board=a_board(lesson_board),
                                                   a_robot=a_board(robot),
                                                   simulator=simulator(wanted).label))
    return Plan()
