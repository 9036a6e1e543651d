# SPDX-License-Identifier: GPL-3.0-or-later
"""Which board a port's USB id names, and which ports the install dialog offers."""

from __future__ import annotations

from types import SimpleNamespace

from snekide.flash.finder import FoundPort, board_for, find_ports


def port(device, vid=None, pid=None, serial_number=None):
    return SimpleNamespace(device=device, vid=vid, pid=pid, serial_number=serial_number)


def test_known_boards_first_then_adapters_to_ask_about():
    ports = [port("/dev/ttyS0"),                                   # a PC's own serial port
             port("/dev/ttyUSB0", 0x0403, 0x6001, "A1"),           # FTDI: a Duemilanove, maybe
             port("/dev/ttyACM1", 0x239A, 0x804D, "SB1"),          # Snekboard
             port("/dev/ttyACM0", 0x2341, 0x0043, "U1"),           # Uno
             port("/dev/ttyACM2", 0x1234, 0x5678)]                 # something else
    assert find_ports(lambda: ports) == [
        FoundPort("/dev/ttyACM0", "Arduino Uno (/dev/ttyACM0)", "uno", "U1"),
        FoundPort("/dev/ttyACM1", "Snekboard (/dev/ttyACM1)", "snekboard", "SB1"),
        FoundPort("/dev/ttyUSB0", "USB serial adapter (FTDI) (/dev/ttyUSB0)", None, "A1"),
    ]


def test_board_for_usb_ids():
    assert board_for(0x2341, 0x0001) == "uno"      # older Unos
    assert board_for(0x239A, 0x804D) == "snekboard"
    assert board_for(0x0403, 0x6001) is None       # generic: ask
    assert board_for(None, None) is None
