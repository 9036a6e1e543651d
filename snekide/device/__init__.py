# SPDX-License-Identifier: GPL-3.0-or-later
"""The device layer: Snek boards and the simulator behind one interface, with no Qt."""

from snekide.device.board import Board, PutResult
from snekide.device.errors import error_line, explain
from snekide.device.exceptions import DeviceError, FirmwareNotFound, TransportClosed
from snekide.device.transport import (SerialTransport, SimulatorTransport, Transport,
                                      find_simulator_firmware)
from snekide.device.usb import BoardKind, DeviceChoice, describe_port, list_devices

__all__ = [
    "Board", "BoardKind", "DeviceChoice", "DeviceError", "FirmwareNotFound", "PutResult",
    "SerialTransport", "SimulatorTransport", "Transport", "TransportClosed", "describe_port",
    "error_line", "explain", "find_simulator_firmware", "list_devices",
]
