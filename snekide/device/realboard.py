# SPDX-License-Identifier: GPL-3.0-or-later
"""A real board's serial port made ready: plain open errors, the banner after DTR, autobaud."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import serial

from snekide.device.autobaud import (BANNER_TIMEOUT, BAUDRATES, NoBanner, find_baudrate,
                                      wait_for_banner)
from snekide.device.exceptions import TransportClosed
from snekide.device.linux_access import explain_open_error
from snekide.device.protocol import CTRL_C, byte
from snekide.device.reconnect import reconnect
from snekide.device.transport import SerialTransport
from snekide.device.usb import find_port_by_serial

log = logging.getLogger(__name__)

#: Sent when the banner's `W` arrives, for a safe start: the ^C answers the boot window.
INTERRUPT_AT_BOOT = byte(CTRL_C)


class BoardPort(SerialTransport):
    """A Snek board on a serial port, opened the careful way.

    open() explains in plain words why a port cannot be opened (see
    linux_access). A board that resets when its port is opened (behind a
    USB-serial bridge: Uno, Duemilanove) is given up to banner_timeout seconds
    to print its banner's `W`; the banner is handed on to whoever reads next.
    Without a banner, DC4 finds the line speed among rates; a board that
    answers neither gets NoBanner's plain message. With a serial number, the
    port is looked up again at each open, so a board that came back under
    another name is still found.

    open_safely() opens the same way and sends ^C the moment the banner's `W`
    arrives: inside the boot window (0.2 s, docs/storage.md) the board then
    skips its stored program. A board that does not reset when its port opens
    (native USB) is only opened; the Board stops whatever it runs.
    """

    def __init__(self, port: str, baudrate: int = 115200, *, resets_on_open: bool = False,
                 serial_number: str | None = None, rates: Sequence[int] = BAUDRATES,
                 banner_timeout: float = BANNER_TIMEOUT, ping_timeout: float = 0.5,
                 reset: Callable[[], None] | None = None,
                 explain: Callable[[str, OSError], str] = explain_open_error) -> None:
        super().__init__(port, baudrate, resets_on_open=resets_on_open)
        self.resets_on_open = resets_on_open
        self.serial_number = serial_number
        self.rates = tuple(rates)
        self.banner_timeout = banner_timeout
        self.ping_timeout = ping_timeout
        self._reset = reset
        self._explain = explain
        #: Whether the last open() saw the banner (False: found by DC4 only, or no reset).
        self.banner_seen = False
        self._safe = False   # the open under way catches the board in its boot window

    def open(self) -> None:
        if self.serial_number:
            found = find_port_by_serial(self.serial_number)
            if found is not None and found != self.port:
                log.info("board %s moved from %s to %s", self.serial_number, self.port, found)
                self.port = found
        self.boots_on_open = self.resets_on_open
        self.banner_seen = False
        self.interrupted_at_boot = False
        try:
            # XON/XOFF: UART boards send XOFF when their buffer is half full.
            self._open_serial(self.port, self.baudrate, xonxoff=True)
        except (OSError, serial.SerialException) as error:
            raise TransportClosed(self._explain(self.port, error)) from error
        if not self.resets_on_open:
            return
        try:
            self._get_ready()
        except BaseException:
            self._close_serial()
            raise

    def open_safely(self) -> None:
        self._safe = True
        try:
            self.open()
        finally:
            self._safe = False

    def _get_ready(self) -> None:
        """After the reset: the banner (then check the speed), or else find the speed by DC4."""
        if self._reset is not None:
            self._reset()
        others = [rate for rate in self.rates if rate != self.baudrate]
        try:
            banner = wait_for_banner(self, self.banner_timeout)
            if self._safe:
                # At once: the window is 0.2 s from the banner's end, and the speed check
                # below takes a round trip or two.
                self.write(INTERRUPT_AT_BOOT)
                self.interrupted_at_boot = True
        except NoBanner:
            rate = find_baudrate(self, [self.baudrate, *others], self.ping_timeout)
            if rate is None:
                raise
            # The board is there but its banner went by unseen (or it did not
            # reset): there is no prompt to wait for.
            log.info("no banner on %s; it answers DC4 at %d baud", self.port, rate)
            self.baudrate = rate
            self.boots_on_open = False
            return
        # A W read at the wrong speed would be noise: check the speed with DC4.
        rate = find_baudrate(self, [self.baudrate, *others], self.ping_timeout)
        if rate == self.baudrate:
            self.unread(banner)
            self.banner_seen = True
            return
        if rate is None:
            # A board without the DC4 echo: trust its banner (what followed it is gone).
            self.set_baudrate(self.baudrate)
        else:
            self.baudrate = rate
        self.boots_on_open = False


def open_again(serial_number: str | None, last_port: str, make: Callable[[str], BoardPort],
               **options: Any) -> BoardPort:
    """Find the board again (see reconnect.reconnect) and return its opened BoardPort."""

    def open_port(port: str) -> BoardPort:
        transport = make(port)
        transport.open()
        return transport

    return reconnect(serial_number, open_port, last_port=last_port, **options)
