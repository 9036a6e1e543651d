# SPDX-License-Identifier: GPL-3.0-or-later
"""usb: known boards by VID:PID, and the Connect menu's list of devices."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from snekide.device import usb
from snekide.device.samd21_boards import SAMD21_BOARDS

ROOT = Path(__file__).resolve().parents[2]


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
    (0x239A, 0x8011, "ItsyBitsy M0 Express", False, False),
    (0x239A, 0x8013, "Metro M0 Express", False, False),
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


# -- the SAMD21 boards' ids come from the firmware's board tables ------------------------------

def test_the_samd21_ids_are_the_firmwares():
    """samd21_boards.py is what tools/gen_usb_ids.py makes of the board tables today."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_usb_ids.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    tables = sorted((ROOT / "firmware" / "ports" / "snekboard" / "boards").glob("*.def"))
    assert sorted(SAMD21_BOARDS) == [path.stem for path in tables]
    # Read here another way: the row as the firmware's board.c takes it.
    for path in tables:
        product, vid, pid = re.search(r'BOARD\([\w-]+, "(.*)", (0x\w+), (0x\w+)\)',
                                      path.read_text()).groups()
        assert SAMD21_BOARDS[path.stem] == (product, int(vid, 16), int(pid, 16))


def test_every_board_snek_is_built_for_is_recognised_by_its_ids():
    for name, (product, vid, pid) in SAMD21_BOARDS.items():
        kind = usb.describe_port(FakePort("/dev/ttyACM0", vid, pid))
        assert kind is not None and kind.name == product
        assert not kind.needs_pacing and not kind.resets_on_open and not kind.generic_bridge
    snekboard = usb.describe_port(FakePort("/dev/ttyACM0", *SAMD21_BOARDS["snekboard"][1:]))
    assert snekboard is not None and snekboard.board == "snekboard"


def test_a_changed_board_table_makes_the_check_fail(tmp_path, monkeypatch):
    """The check can fail: a board table with new ids no longer matches samd21_boards.py."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_usb_ids
    finally:
        sys.path.remove(str(ROOT / "tools"))
    boards = tmp_path / "boards"
    boards.mkdir()
    for path in (ROOT / "firmware" / "ports" / "snekboard" / "boards").glob("*.def"):
        (boards / path.name).write_text(path.read_text().replace("0x804D", "0x804E"))
    monkeypatch.setattr(gen_usb_ids, "BOARDS_DIR", boards)
    assert gen_usb_ids.main(["gen_usb_ids.py", "--check"]) == 1
    assert "'snekboard': ('Snekboard', 0x239A, 0x804E)" in gen_usb_ids.generate()
