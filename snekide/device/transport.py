# SPDX-License-Identifier: GPL-3.0-or-later
"""Byte pipes to a board: a serial port, or the simulator behind a pseudo-terminal."""

from __future__ import annotations

import os
import subprocess
import termios
import threading
import tty
from collections.abc import Sequence
from pathlib import Path

import serial

from snekide.device.exceptions import (CABLE_GONE, SIMULATOR_GONE, FirmwareNotFound,
                                       TransportClosed)

#: How long a write may wait for the other end to take the bytes.
WRITE_TIMEOUT = 2.0


class Transport:
    """A byte pipe to a board. Subclasses implement the five methods below.

    read() and write() raise TransportClosed once the other end is gone; that is
    how a pulled cable or a dead simulator shows up.
    """

    #: What to tell the student when this transport goes away on its own.
    disconnect_message: str = CABLE_GONE
    #: Opening starts (or resets) the board: a banner and a prompt will follow.
    boots_on_open: bool = False

    def open(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def write(self, data: bytes) -> None:
        raise NotImplementedError

    def read(self, timeout: float) -> bytes:
        """Whatever arrived, waiting up to timeout seconds for the first byte; b'' if nothing."""
        raise NotImplementedError

    @property
    def is_open(self) -> bool:
        raise NotImplementedError

    def discard_output(self) -> None:
        """Drop bytes written but not yet sent, if the transport can (for an interrupt)."""

    def set_baudrate(self, baudrate: int) -> None:
        """Change the line speed (serial ports only; others ignore it)."""

    def resume_output(self) -> None:
        """Send again if an XOFF stopped us (with XON/XOFF on): a noise byte read as XOFF
        must not halt the IDE until an XON that may never come. The IDE calls it before it
        interrupts the board, which empties the board's buffer anyway."""

    def unread(self, data: bytes) -> None:
        """Give bytes back: the next read() returns them first (after a banner wait).

        Transports that cannot do it raise NotImplementedError.
        """
        raise NotImplementedError


class _PySerialTransport(Transport):
    """Shared code for transports that end in a pyserial Serial object."""

    def __init__(self) -> None:
        self._serial: serial.Serial | None = None
        self._dead = False
        self._timeout: float | None = None
        self._xonxoff = False
        self._lock = threading.Lock()
        self._pending = b""   # bytes given back with unread()

    def _open_serial(self, port: str, baudrate: int, xonxoff: bool) -> None:
        self._serial = serial.Serial(port, baudrate, timeout=0.1, write_timeout=WRITE_TIMEOUT,
                                     xonxoff=xonxoff)
        self._timeout = 0.1
        self._xonxoff = xonxoff
        self._dead = False

    def _close_serial(self) -> None:
        with self._lock:
            ser, self._serial = self._serial, None
            self._pending = b""
        if ser is not None:
            try:
                ser.close()
            except (OSError, serial.SerialException):
                pass

    def _alive(self) -> bool:
        return True

    @property
    def is_open(self) -> bool:
        ser = self._serial
        return ser is not None and ser.is_open and not self._dead and self._alive()

    def _gone(self) -> TransportClosed:
        self._dead = True
        return TransportClosed(self.disconnect_message)

    def write(self, data: bytes) -> None:
        ser = self._serial
        if ser is None or self._dead:
            raise TransportClosed(self.disconnect_message)
        try:
            try:
                ser.write(data)
            except serial.SerialTimeoutException:
                if not self._xonxoff:
                    raise
                # Held by an XOFF for the whole write timeout: far longer than a board's
                # buffer takes to drain, so the XOFF was noise or the board forgot its XON.
                self.resume_output()
                ser.write(data)
        except serial.SerialTimeoutException as error:
            raise TransportClosed("The robot did not take what was sent. "
                                  "Check the cable and press Connect.") from error
        except (OSError, serial.SerialException, TypeError, AttributeError) as error:
            raise self._gone() from error

    def read(self, timeout: float) -> bytes:
        ser = self._serial
        if ser is None or self._dead:
            raise TransportClosed(self.disconnect_message)
        with self._lock:
            pending, self._pending = self._pending, b""
        if pending:
            return pending
        try:
            if timeout != self._timeout:
                ser.timeout = self._timeout = timeout
            data = ser.read(1)
            if data:
                waiting = ser.in_waiting
                if waiting:
                    data += ser.read(waiting)
        except (OSError, serial.SerialException, TypeError, AttributeError) as error:
            raise self._gone() from error
        if not data and not self._alive():
            raise self._gone()
        return bytes(data)

    def discard_output(self) -> None:
        ser = self._serial
        if ser is not None:
            try:
                ser.reset_output_buffer()
            except (OSError, serial.SerialException, TypeError, AttributeError):
                pass

    def resume_output(self) -> None:
        ser = self._serial
        if ser is not None and self._xonxoff:
            try:
                # TCOON alone only undoes a TCOOFF; after one, it also undoes an XOFF's stop.
                termios.tcflow(ser.fd, termios.TCOOFF)
                termios.tcflow(ser.fd, termios.TCOON)
            except (OSError, termios.error, TypeError, AttributeError):
                pass

    def set_baudrate(self, baudrate: int) -> None:
        ser = self._serial
        if ser is not None:
            ser.baudrate = baudrate

    def unread(self, data: bytes) -> None:
        if data:
            with self._lock:
                self._pending = bytes(data) + self._pending


class SerialTransport(_PySerialTransport):
    """A real board on a serial port such as /dev/ttyACM0 or COM3."""

    def __init__(self, port: str, baudrate: int = 115200, *, resets_on_open: bool = False) -> None:
        super().__init__()
        self.port = port
        self.baudrate = baudrate
        self.boots_on_open = resets_on_open

    def open(self) -> None:
        try:
            # XON/XOFF: UART boards send XOFF when their buffer is half full.
            self._open_serial(self.port, self.baudrate, xonxoff=True)
        except (OSError, serial.SerialException) as error:
            raise TransportClosed(
                f"Could not open the robot's port {self.port}. Maybe another program is using "
                "it. Unplug the robot, plug it in again and press Connect.") from error

    def close(self) -> None:
        self._close_serial()


class SimulatorTransport(_PySerialTransport):
    """The host build of Snek running as a child process behind a pseudo-terminal.

    The child gets the pty master as stdin/stdout/stderr; we keep the slave fd open
    (closing the port must not hang up the master) and open the slave's name with
    serial.Serial, exactly like a real port. The port is opened before the child
    starts, so the boot banner is not lost to the flush that opening a port does.
    """

    disconnect_message = SIMULATOR_GONE
    boots_on_open = True

    def __init__(self, firmware: Path, eeprom: Path, board: str = "snekboard", *,
                 eeprom_size: int | None = None, extra_args: Sequence[str] = ()) -> None:
        super().__init__()
        self.firmware = Path(firmware)
        self.eeprom = Path(eeprom)
        self.board = board
        self.eeprom_size = eeprom_size
        self.extra_args = list(extra_args)
        #: File descriptors the simulator inherits (a side channel given with --io-fd).
        self.pass_fds: tuple[int, ...] = ()
        self._proc: subprocess.Popen[bytes] | None = None
        self._slave: int | None = None

    def command(self) -> list[str]:
        """The command line that starts the simulator."""
        args = [str(self.firmware), "--eeprom", str(self.eeprom), "--board", self.board]
        if self.eeprom_size is not None:
            args += ["--eeprom-size", str(self.eeprom_size)]
        return args + self.extra_args

    def open(self) -> None:
        if self.is_open:
            return
        self.close()
        if not os.access(self.firmware, os.X_OK):
            raise FirmwareNotFound(f"The simulator program {self.firmware} is missing. "
                                   "Build it with: make -C firmware posix")
        master, slave = os.openpty()
        try:
            tty.setraw(slave)
            self._open_serial(os.ttyname(slave), 115200, xonxoff=False)
            self._proc = subprocess.Popen(self.command(), stdin=master, stdout=master,
                                          stderr=master, close_fds=True, start_new_session=True,
                                          pass_fds=self.pass_fds)
        except BaseException:
            os.close(slave)
            self._close_serial()
            raise
        finally:
            os.close(master)
        self._slave = slave

    def _alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def pid(self) -> int | None:
        """The simulator's process id, or None when it is not running."""
        return self._proc.pid if self._proc is not None else None

    def kill(self) -> None:
        """End the simulator process at once, as if the cable were pulled."""
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait(timeout=5)

    def restart(self) -> None:
        """Stop the simulator (if running) and start it again on a fresh pseudo-terminal."""
        self.close()
        self.open()

    def close(self) -> None:
        self._close_serial()
        proc, self._proc = self._proc, None
        if proc is not None:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=5)
        if self._slave is not None:
            os.close(self._slave)
            self._slave = None


#: The simulator installed inside the package by `pip install .`.
PACKAGE_FIRMWARE = Path(__file__).resolve().parent.parent / "firmware" / "snek"
#: The simulator built in a source checkout by `make -C firmware posix`.
CHECKOUT_FIRMWARE = Path(__file__).resolve().parents[2] / "firmware" / "build" / "posix" / "snek"


def find_simulator_firmware() -> Path:
    """The host build of Snek: the copy installed in the package, else the checkout's build."""
    for path in (PACKAGE_FIRMWARE, CHECKOUT_FIRMWARE):
        if path.is_file() and os.access(path, os.X_OK):
            return path
    raise FirmwareNotFound("The simulator is not built yet. In the snekide folder, run: "
                           "make -C firmware posix")
