# SPDX-License-Identifier: GPL-3.0-or-later
"""Finding a board again by its USB serial number after an unplug or a reset, with few retries."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from typing import TypeVar

from snekide.device.exceptions import DeviceError
from snekide.device.usb import find_port_by_serial

log = logging.getLogger(__name__)

#: How many times to look for the board, how long to wait between looks, and overall.
ATTEMPTS = 20
DELAY = 0.5
TIMEOUT = 15.0

NOT_BACK = ("The robot did not come back. Check the cable, plug the robot in again and "
            "press Connect.")
STOPPED = "Looking for the robot was stopped. Press Connect to try again."

T = TypeVar("T")


def reconnect(serial_number: str | None, open_port: Callable[[str], T], *,
              last_port: str | None = None, attempts: int = ATTEMPTS, delay: float = DELAY,
              timeout: float = TIMEOUT,
              find_port: Callable[[str | None], str | None] = find_port_by_serial,
              port_exists: Callable[[str], bool] = os.path.exists,
              sleep: Callable[[float], None] = time.sleep,
              clock: Callable[[], float] = time.monotonic,
              cancelled: Callable[[], bool] | None = None,
              on_attempt: Callable[[int, str | None], None] | None = None) -> T:
    """Look for the board until it is back, then return open_port(port) (an opened transport).

    The board is found by its USB serial number (it may come back as another
    port, /dev/ttyACM1 instead of /dev/ttyACM0); a board without one is looked
    for at last_port. open_port opens the port and raises DeviceError (or
    OSError) if it cannot yet: right after a board appears the port may not be
    usable for a moment. At most `attempts` looks, `delay` seconds apart, and
    never more than `timeout` seconds in all (open_port's own waits included).
    Raises DeviceError with the last plain message (or NOT_BACK) when the board
    did not come back, and STOPPED when cancelled() turned true.
    """
    deadline = clock() + timeout
    last_error: str | None = None
    for attempt in range(1, max(attempts, 1) + 1):
        if cancelled is not None and cancelled():
            raise DeviceError(STOPPED)
        port = find_port(serial_number) if serial_number else None
        if port is None and last_port is not None and not serial_number and port_exists(last_port):
            port = last_port
        if on_attempt is not None:
            on_attempt(attempt, port)
        if port is not None:
            try:
                return open_port(port)
            except DeviceError as error:
                last_error = error.message
                log.info("reconnect attempt %d on %s: %s", attempt, port, error.message)
            except OSError as error:
                last_error = None
                log.info("reconnect attempt %d on %s: %s", attempt, port, error)
        left = deadline - clock()
        if attempt == attempts or left <= 0:
            break
        sleep(min(delay, left))
    raise DeviceError(last_error or NOT_BACK)
