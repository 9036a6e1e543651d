# SPDX-License-Identifier: GPL-3.0-or-later
"""Finding a UART board's line speed with DC4, and waiting for its `W` banner after a reset."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from snekide.device.exceptions import DeviceError
from snekide.device.transport import Transport

DC4 = b"\x14"
#: 115200 on 16 MHz boards, 57600 on 8 MHz ones (see docs/protocol.md).
BAUDRATES: tuple[int, ...] = (115200, 57600)
#: How long a board behind a USB-serial bridge may take to print its banner after a reset.
BANNER_TIMEOUT = 3.0
#: The banner starts with this byte ("Welcome to Snek ..."): tools wait for it.
BANNER_START = b"W"

NO_BANNER = ("The robot did not say hello after it restarted. Check that the cable is pushed "
             "in well and that Snek is on the robot, then press Connect.")

#: At most this many reads when dropping what came in at the wrong speed.
_DRAIN_READS = 64


class NoBanner(DeviceError):
    """The board never sent its banner's `W` (and did not answer DC4 either)."""

    def __init__(self, message: str = NO_BANNER) -> None:
        super().__init__(message)


def _drain(transport: Transport) -> None:
    """Drop whatever is waiting (bytes read at the old speed are noise)."""
    for _ in range(_DRAIN_READS):
        if not transport.read(0):
            return


def _give_back(transport: Transport, data: bytes) -> None:
    if data:
        try:
            transport.unread(data)
        except NotImplementedError:
            pass


def find_baudrate(transport: Transport, rates: Sequence[int] = BAUDRATES,
                  timeout: float = 0.5, *,
                  clock: Callable[[], float] = time.monotonic) -> int | None:
    """The line speed at which the board echoes DC4, trying rates in order; None if none did.

    A UART board echoes DC4 at once from its receive interrupt, even while a
    program runs. The first rate should be the one the port is open at. The
    transport is left at the rate found (or at the last rate tried). Other
    bytes that arrived with the echo at the right rate are given back with
    transport.unread(), so no output is lost; at a wrong rate they are noise.
    Each rate waits at most timeout seconds.
    """
    for index, rate in enumerate(rates):
        transport.set_baudrate(rate)
        if index > 0:
            _drain(transport)
        transport.write(DC4)
        seen = b""
        deadline = clock() + timeout
        while DC4 not in seen:
            left = deadline - clock()
            if left <= 0:
                break
            seen += transport.read(min(left, 0.1))
        if DC4 in seen:
            before, _, after = seen.partition(DC4)
            _give_back(transport, before + after)
            return rate
    return None


def wait_for_banner(transport: Transport, timeout: float = BANNER_TIMEOUT, *,
                    clock: Callable[[], float] = time.monotonic) -> bytes:
    """Wait up to timeout seconds for the banner's `W`; return what came from the `W` on.

    Bytes before the `W` (a bootloader's chatter, noise while the board resets)
    are dropped. Raises NoBanner if no `W` came in time. The caller gives the
    returned bytes back to the transport (unread) so the banner is shown.
    """
    deadline = clock() + timeout
    while True:
        left = deadline - clock()
        if left <= 0:
            raise NoBanner()
        # Nothing before a W is kept.
        data = transport.read(min(left, 0.1))
        at = data.find(BANNER_START)
        if at >= 0:
            return data[at:]
