# SPDX-License-Identifier: GPL-3.0-or-later
"""Exceptions raised by the device layer, each carrying a message a child can follow."""

from __future__ import annotations

NOT_ANSWERING = "The robot did not answer. Check the cable and press Connect."
CABLE_GONE = "The robot is not connected any more. Check the cable and press Connect."
SIMULATOR_GONE = "The simulator stopped. Press Connect to start it again."
#: The simulator's process ended by itself (a program called exit()), not killed or crashed.
SIMULATOR_ENDED = ("The simulator stopped: the program running on it ended it (it called "
                   "exit()). Press Connect to start it again.")


class DeviceError(Exception):
    """Something went wrong talking to the robot; str(error) is the plain message."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class TransportClosed(DeviceError):
    """The port or the simulator went away (cable pulled, process ended, port closed)."""


class FirmwareNotFound(DeviceError):
    """The simulator firmware (the host build of Snek) is not there."""
