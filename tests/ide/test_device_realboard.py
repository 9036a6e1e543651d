# SPDX-License-Identifier: GPL-3.0-or-later
"""Real boards: autobaud, the banner after a reset, and finding a board again by serial number."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import serial
import serial.tools.list_ports

from snekide.device import DeviceError, SerialTransport, Transport, TransportClosed
from snekide.device import usb
from snekide.device.autobaud import NO_BANNER, NoBanner, find_baudrate, wait_for_banner
from snekide.device.realboard import BoardPort, open_again
from snekide.device.reconnect import NOT_BACK, STOPPED, reconnect

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "firmware" / "build" / "sim"
WAIT = 10.0  # generous: only reached when something is broken


# -- fakes ---------------------------------------------------------------------

class FakeUart(Transport):
    """A UART board that runs at board_rate: DC4 comes back only when the rates match.

    script holds chunks the board sends, one per read(), before anything else.
    """

    def __init__(self, board_rate: int | None = 57600, script: list[bytes] | None = None,
                 after_echo: bytes = b"") -> None:
        self.board_rate = board_rate
        self.rate = 115200
        self.rates: list[int] = []
        self.script = list(script or [])
        self.after_echo = after_echo
        self.inbox = b""
        self.given_back = b""
        self.writes: list[bytes] = []

    def open(self) -> None:
        pass

    def close(self) -> None:
        pass

    @property
    def is_open(self) -> bool:
        return True

    def set_baudrate(self, baudrate: int) -> None:
        self.rate = baudrate
        self.rates.append(baudrate)

    def write(self, data: bytes) -> None:
        self.writes.append(data)
        if b"\x14" in data:
            if self.rate == self.board_rate:
                self.inbox += b"\x14" + self.after_echo
            elif self.board_rate is not None:
                self.inbox += b"\x60\xf8"   # the echo, read at the wrong speed

    def read(self, timeout: float) -> bytes:
        if self.script:
            return self.script.pop(0)
        data, self.inbox = self.inbox, b""
        if not data:
            time.sleep(min(timeout, 0.01))
        return data

    def unread(self, data: bytes) -> None:
        self.given_back = data + self.given_back


@dataclass
class FakePort:
    device: str
    vid: int | None = 0x2341
    pid: int | None = 0x0043
    serial_number: str | None = None


# -- autobaud --------------------------------------------------------------------

def test_autobaud_finds_57600():
    uart = FakeUart(board_rate=57600)
    assert find_baudrate(uart, timeout=0.2) == 57600
    assert uart.rates == [115200, 57600]
    assert uart.writes == [b"\x14", b"\x14"]
    assert uart.rate == 57600


def test_autobaud_stops_at_the_first_rate_that_echoes():
    uart = FakeUart(board_rate=115200)
    assert find_baudrate(uart, timeout=0.2) == 115200
    assert uart.rates == [115200]


def test_autobaud_gives_back_what_came_with_the_echo():
    uart = FakeUart(board_rate=115200, script=[b"hello "], after_echo=b"world\r\n> ")
    assert find_baudrate(uart, timeout=0.2) == 115200
    assert uart.given_back == b"hello world\r\n> "


def test_autobaud_with_a_silent_board_is_none_and_quick():
    uart = FakeUart(board_rate=None)
    began = time.monotonic()
    assert find_baudrate(uart, (115200, 57600, 38400), timeout=0.1) is None
    assert time.monotonic() - began < 2
    assert uart.rates == [115200, 57600, 38400]


def test_autobaud_ignores_noise_at_the_wrong_speed():
    uart = FakeUart(board_rate=9600)
    assert find_baudrate(uart, timeout=0.1) is None


def test_banner_wait_drops_noise_before_the_w():
    uart = FakeUart(script=[b"\x00\xfe", b"\xf0Welcome to Snek 1.13\r\n", b"> "])
    assert wait_for_banner(uart, 1.0) == b"Welcome to Snek 1.13\r\n"


def test_no_banner_is_a_plain_message_in_time():
    uart = FakeUart(board_rate=None, script=[b"\x00"])
    began = time.monotonic()
    with pytest.raises(NoBanner) as error:
        wait_for_banner(uart, 0.3)
    assert 0.25 <= time.monotonic() - began < 2
    assert str(error.value) == NO_BANNER
    assert isinstance(error.value, DeviceError)


# -- finding a board again by its USB serial number ------------------------------

def test_find_port_by_serial(monkeypatch):
    ports = [FakePort("/dev/ttyACM1", serial_number="B"), FakePort("/dev/ttyS0", None, None),
             FakePort("/dev/ttyACM0", serial_number="A")]
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: ports)
    assert usb.find_port_by_serial("A") == "/dev/ttyACM0"
    assert usb.find_port_by_serial("B") == "/dev/ttyACM1"
    assert usb.find_port_by_serial("C") is None
    assert usb.find_port_by_serial(None) is None
    assert usb.find_port_by_serial("") is None


def test_list_devices_says_which_boards_reset_on_open(monkeypatch):
    ports = [FakePort("/dev/ttyACM0", 0x239A, 0x804D, "S"),
             FakePort("/dev/ttyACM1", serial_number="U")]
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: ports)
    assert [(c.port, c.resets_on_open) for c in usb.list_devices()[1:]] == [
        ("/dev/ttyACM0", False), ("/dev/ttyACM1", True)]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def test_reconnect_finds_the_board_under_a_new_name(monkeypatch):
    # Unplugged: gone for two looks, then back as ttyACM1.
    answers = [[], [FakePort("/dev/ttyACM2", serial_number="OTHER")],
               [FakePort("/dev/ttyACM1", serial_number="SNEK42")]]
    monkeypatch.setattr(serial.tools.list_ports, "comports",
                        lambda: answers.pop(0) if len(answers) > 1 else answers[0])
    clock, opened, looks = Clock(), [], []
    result = reconnect("SNEK42", lambda port: opened.append(port) or f"open {port}",
                       last_port="/dev/ttyACM0", sleep=clock.sleep, clock=clock, delay=0.5,
                       on_attempt=lambda attempt, port: looks.append((attempt, port)))
    assert result == "open /dev/ttyACM1"
    assert opened == ["/dev/ttyACM1"]
    assert looks == [(1, None), (2, None), (3, "/dev/ttyACM1")]
    assert clock.sleeps == [0.5, 0.5]


def test_reconnect_retries_a_port_that_is_not_ready_yet(monkeypatch):
    monkeypatch.setattr(serial.tools.list_ports, "comports",
                        lambda: [FakePort("/dev/ttyACM0", serial_number="S")])
    clock, tries = Clock(), []

    def open_port(port: str) -> str:
        tries.append(port)
        if len(tries) < 3:
            raise DeviceError("not yet")
        return port

    assert reconnect("S", open_port, sleep=clock.sleep, clock=clock) == "/dev/ttyACM0"
    assert len(tries) == 3


def test_reconnect_gives_up_after_its_attempts(monkeypatch):
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: [])
    clock, looks = Clock(), []
    with pytest.raises(DeviceError) as error:
        reconnect("S", lambda port: port, attempts=4, delay=0.25, sleep=clock.sleep, clock=clock,
                  on_attempt=lambda attempt, port: looks.append(attempt))
    assert str(error.value) == NOT_BACK
    assert looks == [1, 2, 3, 4]
    assert clock.sleeps == [0.25, 0.25, 0.25]


def test_reconnect_never_waits_past_its_timeout(monkeypatch):
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: [])
    clock = Clock()
    with pytest.raises(DeviceError):
        reconnect("S", lambda port: port, attempts=1000, delay=1.0, timeout=3.5,
                  sleep=clock.sleep, clock=clock)
    assert clock.now <= 3.5


def test_reconnect_tells_the_last_reason(monkeypatch):
    monkeypatch.setattr(serial.tools.list_ports, "comports",
                        lambda: [FakePort("/dev/ttyACM0", serial_number="S")])
    clock = Clock()

    def open_port(port: str) -> str:
        raise TransportClosed("Another program, Arduino IDE, is using the robot's port.")

    with pytest.raises(DeviceError) as error:
        reconnect("S", open_port, attempts=3, sleep=clock.sleep, clock=clock)
    assert "Arduino IDE" in str(error.value)


def test_reconnect_without_a_serial_number_uses_the_old_port(tmp_path):
    old = tmp_path / "ttyUSB0"
    clock, looks = Clock(), []
    with pytest.raises(DeviceError):
        reconnect(None, lambda port: port, last_port=str(old), attempts=2,
                  sleep=clock.sleep, clock=clock, find_port=lambda s: pytest.fail("no serial"),
                  on_attempt=lambda attempt, port: looks.append(port))
    assert looks == [None, None]
    old.touch()
    assert reconnect(None, lambda port: port, last_port=str(old), sleep=clock.sleep,
                     clock=clock) == str(old)


def test_reconnect_can_be_stopped(monkeypatch):
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: [])
    clock = Clock()
    with pytest.raises(DeviceError) as error:
        reconnect("S", lambda port: port, sleep=clock.sleep, clock=clock,
                  cancelled=lambda: len(clock.sleeps) >= 2)
    assert str(error.value) == STOPPED


# -- opening errors ----------------------------------------------------------------

def test_board_port_explains_why_it_cannot_open(tmp_path):
    seen: list[tuple[str, int | None]] = []

    def explain(port: str, error: OSError) -> str:
        seen.append((port, error.errno))
        return "plain words"

    port = BoardPort(str(tmp_path / "ttyACM9"), resets_on_open=True, explain=explain)
    with pytest.raises(TransportClosed) as error:
        port.open()
    assert str(error.value) == "plain words"
    assert seen == [(str(tmp_path / "ttyACM9"), 2)]
    assert not port.is_open


# -- the AVR simulator on a pseudo-terminal ----------------------------------------

@pytest.fixture(scope="session")
def avrsim() -> dict[str, Path]:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "sim"], check=True, timeout=300)
    paths = {"avrsim": BUILD / "avrsim", "echo": BUILD / "echo.elf", "halt": BUILD / "halt.elf"}
    for path in paths.values():
        assert path.exists(), path
    return paths


class Sim:
    """avrsim with its UART on a pseudo-terminal at link."""

    def __init__(self, build: dict[str, Path], link: Path, elf: str = "echo") -> None:
        self.link = link
        self.proc = subprocess.Popen([str(build["avrsim"]), "--pty", str(link), str(build[elf])],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + WAIT
        while not link.exists():
            assert self.proc.poll() is None, "avrsim ended"
            assert time.monotonic() < deadline, f"{link} never appeared"
            time.sleep(0.02)

    def reset(self) -> None:
        """Like DTR: the chip restarts and prints its banner."""
        self.proc.send_signal(signal.SIGUSR1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=WAIT)


@pytest.fixture
def sims(avrsim, tmp_path):
    started: list[Sim] = []

    def start(name: str = "ttyUNO", elf: str = "echo") -> Sim:
        sim = Sim(avrsim, tmp_path / name, elf)
        started.append(sim)
        return sim

    yield start
    for sim in started:
        sim.stop()


def read_until(t: Transport, marker: bytes, timeout: float = WAIT, seen: bytes = b"") -> bytes:
    deadline = time.monotonic() + timeout
    while marker not in seen:
        assert time.monotonic() < deadline, f"timed out waiting for {marker!r}; got {seen!r}"
        seen += t.read(0.1)
    return seen


def quiet(t: Transport, timeout: float = WAIT) -> None:
    """Read until nothing comes for 0.2 s (the boot banner may still be on its way)."""
    deadline = time.monotonic() + timeout
    while t.read(0.2):
        assert time.monotonic() < deadline, "the board never went quiet"


def settled(sim: Sim) -> Sim:
    """Wait until the banner the chip printed when avrsim started has gone by.

    Otherwise a reset right after opening cuts that banner short (`We` then a
    whole new `Welcome`), which a real board's DTR reset on open never does.
    """
    t = SerialTransport(str(sim.link))
    t.open()
    try:
        quiet(t)
    finally:
        t.close()
    return sim


def test_avrsim_reset_banner_and_autobaud(sims):
    sim = sims()
    t = SerialTransport(str(sim.link))
    t.open()
    try:
        quiet(t)
        sim.reset()
        banner = read_until(t, b"\r\n", seen=wait_for_banner(t, 3.0))
        assert banner.startswith(b"Welcome to avrsim echo, MCUSR=02\r\n")   # EXTRF: a reset
        assert find_baudrate(t) == 115200
        t.write(b"hello\n")
        assert read_until(t, b"hello\n").endswith(b"hello\n")
    finally:
        t.close()


def test_avrsim_without_a_reset_has_no_banner(sims):
    sim = sims()
    t = SerialTransport(str(sim.link))
    t.open()
    try:
        quiet(t)
        with pytest.raises(NoBanner):
            wait_for_banner(t, 0.3)
        assert find_baudrate(t, timeout=WAIT) == 115200   # but it is there
    finally:
        t.close()


def test_board_port_waits_for_the_banner_and_hands_it_on(sims):
    sim = settled(sims())
    port = BoardPort(str(sim.link), resets_on_open=True, reset=sim.reset)
    port.open()
    try:
        assert port.banner_seen and port.boots_on_open
        assert port.baudrate == 115200
        first = read_until(port, b"\r\n")
        assert first.startswith(b"Welcome to avrsim echo, MCUSR=02\r\n")
        assert b"\x14" not in first   # the autobaud echo was ours
        port.write(b"after the banner\n")
        read_until(port, b"after the banner\n")
    finally:
        port.close()


def test_board_port_that_did_not_reset_is_found_by_dc4(sims):
    sim = settled(sims())
    port = BoardPort(str(sim.link), resets_on_open=True, banner_timeout=0.5)
    port.open()   # a pseudo-terminal has no DTR: nothing resets the chip
    try:
        assert not port.banner_seen
        assert not port.boots_on_open   # no prompt is coming: the Board must not wait for one
        port.write(b"still there\n")
        read_until(port, b"still there\n")
    finally:
        port.close()


def test_a_board_that_never_says_hello_gets_a_plain_message(sims):
    # halt.elf prints its banner once, then sleeps with interrupts off.
    sim = settled(sims(elf="halt"))
    port = BoardPort(str(sim.link), resets_on_open=True, banner_timeout=0.5, ping_timeout=0.2)
    began = time.monotonic()
    with pytest.raises(NoBanner) as error:
        port.open()
    assert time.monotonic() - began < 3
    assert str(error.value) == NO_BANNER
    assert not port.is_open


def test_reconnect_after_an_unplug_finds_the_board_on_its_new_port(sims, monkeypatch):
    first = settled(sims("ttyACM0"))
    ports = [FakePort(str(first.link), serial_number="UNO-7")]
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: list(ports))
    port = BoardPort(str(first.link), resets_on_open=True, serial_number="UNO-7", reset=first.reset)
    port.open()
    read_until(port, b"\r\n")

    # Unplugged: the port goes away and reading says so.
    first.stop()
    ports.clear()
    with pytest.raises(TransportClosed):
        read_until(port, b"never")
    port.close()

    # Plugged in again: same serial number, another port name.
    second = settled(sims("ttyACM1"))
    ports.append(FakePort(str(second.link), serial_number="UNO-7"))
    again = open_again("UNO-7", str(first.link),
                       lambda name: BoardPort(name, resets_on_open=True, serial_number="UNO-7",
                                              reset=second.reset),
                       delay=0.05, timeout=WAIT)
    try:
        assert again.port == str(second.link)
        assert read_until(again, b"\r\n").startswith(b"Welcome to avrsim echo, MCUSR=02")
        again.write(b"back\n")
        read_until(again, b"back\n")
    finally:
        again.close()


def test_unread_bytes_come_first_and_close_forgets_them(sims):
    sim = sims()
    t = SerialTransport(str(sim.link))
    t.open()
    try:
        quiet(t)
        t.unread(b"Wel")
        t.unread(b"")
        t.unread(b"\x00")
        assert t.read(0.1) == b"\x00Wel"
        t.unread(b"x")
    finally:
        t.close()
    t.open()
    try:
        assert t.read(0) == b""
    finally:
        t.close()
    assert os.path.exists(sim.link)
