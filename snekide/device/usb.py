# SPDX-License-Identifier: GPL-3.0-or-later
"""Recognising Snek boards by their USB ids, and the list of devices offered in Connect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from serial.tools import list_ports

from snekide.device.samd21_boards import SAMD21_BOARDS


@dataclass(frozen=True)
class BoardKind:
    """What a USB id tells us about the board behind a port."""
    name: str
    #: ENQ/ACK every 16 bytes: boards behind a USB-serial bridge.
    needs_pacing: bool
    #: A generic USB-serial chip: maybe a robot, maybe not; ask before treating it as one.
    generic_bridge: bool = False
    #: The board resets when the port is opened (DTR): wait for its banner.
    resets_on_open: bool = False
    #: The firmware's name for the board ('uno', 'snekboard'), or '' when unknown.
    board: str = ""


@dataclass(frozen=True)
class DeviceChoice:
    """One entry of the Connect menu."""
    label: str
    kind: str                   # 'simulator' or 'serial'
    port: str | None
    serial_number: str | None
    needs_pacing: bool
    generic_bridge: bool
    #: The board resets when the port is opened (DTR): wait for its banner.
    resets_on_open: bool = False
    #: The firmware's name for the board ('uno', 'snekboard'; the simulator's --board), or ''.
    board: str = ""


UNO = BoardKind("Arduino Uno", needs_pacing=True, resets_on_open=True, board="uno")
#: SAMD21 boards whose built-ins and pins the IDE knows (Help, hints): by their build name.
KNOWN_SAMD21 = ("snekboard",)


def _samd21_kinds() -> dict[tuple[int, int], BoardKind]:
    """The SAMD21 boards our firmware is built for, by the USB ids their images enumerate
    with (read from the firmware's board tables: samd21_boards.py). Native USB: no pacing,
    no reset on open."""
    return {(vid, pid): BoardKind(product, needs_pacing=False,
                                  board=name if name in KNOWN_SAMD21 else "")
            for name, (product, vid, pid) in SAMD21_BOARDS.items()}


#: Known boards by (VID, PID); see docs/boards.md.
BOARDS: dict[tuple[int, int], BoardKind] = {
    **_samd21_kinds(),
    (0x2341, 0x0043): UNO,
    (0x2341, 0x0001): UNO,
    (0x0403, 0x6001): BoardKind("USB serial adapter (FTDI)", True, True, True),
    (0x1A86, 0x7523): BoardKind("USB serial adapter (CH340)", True, True, True),
    (0x10C4, 0xEA60): BoardKind("USB serial adapter (CP210x)", True, True, True),
    # Other Snek boards seen in the wild (Snek's own firmware for them; ours has no port yet).
    (0x239A, 0x8022): BoardKind("Feather M0", needs_pacing=False),
    (0x239A, 0x8018): BoardKind("Circuit Playground Express", needs_pacing=False),
    (0x2341, 0x8057): BoardKind("Arduino Nano 33 IoT", needs_pacing=False),
    (0x2341, 0x0010): BoardKind("Arduino Mega", needs_pacing=True, resets_on_open=True),
    (0x2341, 0x0058): BoardKind("Arduino Nano Every", needs_pacing=True, resets_on_open=True),
    (0x2886, 0x002E): BoardKind("Seeeduino XIAO", needs_pacing=False),
}

#: Snek's own USB firmware uses vendor 0xFFFE with any product id.
SNEK_USB = BoardKind("Snek board", needs_pacing=False)
SNEK_VENDOR = 0xFFFE

SIMULATOR = DeviceChoice("Simulator (no robot needed)", "simulator", None, None,
                         needs_pacing=False, generic_bridge=False)


def describe_port(port_info: Any) -> BoardKind | None:
    """The kind of board on a port (a serial.tools.list_ports ListPortInfo), or None."""
    vid = getattr(port_info, "vid", None)
    pid = getattr(port_info, "pid", None)
    if vid is None or pid is None:
        return None
    if vid == SNEK_VENDOR:
        return SNEK_USB
    return BOARDS.get((vid, pid))


def list_devices() -> list[DeviceChoice]:
    """The simulator first, then every port with a known board, sorted by port name."""
    choices = [SIMULATOR]
    for info in sorted(list_ports.comports(), key=lambda p: p.device):
        kind = describe_port(info)
        if kind is None:
            continue
        label = f"{kind.name} ({info.device})"
        if kind.generic_bridge:
            label = f"{kind.name}: maybe a robot ({info.device})"
        choices.append(DeviceChoice(label, "serial", info.device, info.serial_number or None,
                                    kind.needs_pacing, kind.generic_bridge,
                                    resets_on_open=kind.resets_on_open, board=kind.board))
    return choices


def find_port_by_serial(serial_number: str | None) -> str | None:
    """The port (like /dev/ttyACM1) of the USB device with this serial number, or None.

    After an unplug or a reset a board may come back on another port name; its
    USB serial number stays the same.
    """
    if not serial_number:
        return None
    for info in sorted(list_ports.comports(), key=lambda p: p.device):
        if (getattr(info, "serial_number", None) or "") == serial_number:
            return str(info.device)
    return None
