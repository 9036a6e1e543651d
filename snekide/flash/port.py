# SPDX-License-Identifier: GPL-3.0-or-later
"""Opening a board's serial port for installing: refused, in plain words, while another program has it."""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import serial

from snekide.device.linux_access import HELD_BY, explain_open_error, programs_using
from snekide.flash.errors import FlashError

#: serial.Serial, or a stand-in with its constructor's signature (tests).
Opener = Callable[..., Any]


def _for_installing(message: str) -> str:
    """linux_access writes for Connect; here the next step is to try installing again."""
    return message.replace("press Connect", "try again")


def open_port(port: str, baudrate: int, *, timeout: float,
              opener: Opener = serial.Serial) -> Any:
    """The port, opened for us alone; FlashError says who holds it or why it cannot be opened.

    Two programs reading one port would each get some of the board's
    answers, so a port another program has open is refused before anything
    is sent. (The program at the other end of a pseudo-terminal, the
    simulated board, does not count.)
    """
    holders = [user.name for user in programs_using(port, own_pid=os.getpid())
               if not _holds_pty_master(user.pid, port)]
    if holders:
        names = " and ".join(dict.fromkeys(holders))
        raise FlashError(_for_installing(HELD_BY.format(program=names, port=port)))
    try:
        return opener(port, baudrate, timeout=timeout, write_timeout=5.0, exclusive=True)
    except (OSError, serial.SerialException) as error:
        if not isinstance(error, OSError) or error.errno is None:
            error = OSError(errno.EIO, str(error))
        raise FlashError(_for_installing(explain_open_error(port, error))) from error


def pulse_dtr(ser: Any, low: float = 0.05) -> None:
    """Reset a board behind a USB-serial bridge as the Arduino tools do: DTR low, then high.

    A pseudo-terminal has no DTR line; the simulator resets when the port
    is opened instead.
    """
    try:
        ser.dtr = False
        time.sleep(low)
        ser.dtr = True
    except OSError as error:
        if error.errno not in (errno.ENOTTY, errno.EINVAL):
            raise


def _holds_pty_master(pid: int, port: str, proc: Path = Path("/proc")) -> bool:
    """Whether pid holds the master side of the pseudo-terminal port (say, /dev/pts/4)."""
    real = os.path.realpath(port)
    if not real.startswith("/dev/pts/"):
        return False
    index = real.rsplit("/", 1)[1]
    try:
        fds = list((proc / str(pid) / "fd").iterdir())
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(fd) != "/dev/ptmx":
                continue
            info = (proc / str(pid) / "fdinfo" / fd.name).read_text()
        except OSError:
            continue
        if any(line.split(":", 1)[1].strip() == index for line in info.splitlines()
               if line.startswith("tty-index:")):
            return True
    return False
