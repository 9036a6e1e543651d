# SPDX-License-Identifier: GPL-3.0-or-later
"""usb: known boards by VID:PID, and the Connect menu's list of devices."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from snekide.device import usb


@dataclass
class FakePort:
    device: str
    vid: int | None
    pid: int | None
    serial_number: str | None = None


@pytest.mark.parametrize("vid, pid, name, pacing, generic", [
    (0x239A, 0x804D, "Snekboard", False, False),
    (0x2341, 0x0043, "Arduino Uno", True, False),
    (0x2341, 0x0001, "Arduino Uno", True, False),
    (0x0403, 0x6001, "USB serial adapter (FTDI)", True, True),
    (0x1A86, 0x7523, "USB serial adapter (CH340)", True, True),
    (0x10C4, 0xEA60, "USB serial adapter (CP210x)", True, True),
    (0x239A, 0x8022, "Feather M0", False, False),
    (0x239A, 0x8011, "ItsyBitsy M0", False, False),
    (0x239A, 0x8013, "Metro M0", False, False),
    (0x239A, 0x8018, "Circuit Playground Express", False, False),
    (0x2341, 0x8057, "Arduino Nano 33 IoT", False, False),
    (0x2341, 0x0010, "Arduino Mega", True, False),
    (0x2341, 0x0058, "Arduino Nano Every", True, False),
    (0x2886, 0x002E, "Seeeduino XIAO", False, False),
    (0xFFFE, 0x0001, "Snek board", False, False),
    (0xFFFE, 0x1234, "Snek board", False, False),
])
def test_describe_known_ports(vid, pid, name, pacing, generic):
    kind = usb.describe_port(FakePort("/dev/ttyACM0", vid, pid))
    assert kind is not None
    assert (kind.name, kind.needs_pacing, kind.generic_bridge) == (name, pacing, generic)


@pytest.mark.parametrize("vid, pid", [(None, None), (0x046D, 0xC52B), (0x239A, 0x0001)])
def test_describe_unknown_ports(vid, pid):
    assert usb.describe_port(FakePort("/dev/ttyS0", vid, pid)) is None


def test_list_devices_puts_the_simulator_first(monkeypatch):
    ports = [
        FakePort("/dev/ttyUSB0", 0x1A86, 0x7523),
        FakePort("/dev/ttyS0", None, None),
        FakePort("/dev/ttyACM1", 0x2341, 0x0043, "8573531"),
        FakePort("/dev/ttyACM0", 0x239A, 0x804D, "SNEK42"),
    ]
    monkeypatch.setattr(usb.list_ports, "comports", lambda: ports)
    choices = usb.list_devices()
    assert choices[0] == usb.DeviceChoice("Simulator (no robot needed)", "simulator", None, None,
                                          needs_pacing=False, generic_bridge=False)
    assert [(c.port, c.kind, c.serial_number, c.needs_pacing, c.generic_bridge)
            for c in choices[1:]] == [
        ("/dev/ttyACM0", "serial", "SNEK42", False, False),
        ("/dev/ttyACM1", "serial", "8573531", True, False),
        ("/dev/ttyUSB0", "serial", None, True, True),
    ]
    assert choices[1].label == "Snekboard (/dev/ttyACM0)"
    assert "maybe a robot" in choices[3].label


def test_list_devices_with_nothing_plugged_in(monkeypatch):
    monkeypatch.setattr(usb.list_ports, "comports", lambda: [])
    assert [c.kind for c in usb.list_devices()] == ["simulator"]
