# SPDX-License-Identifier: GPL-3.0-or-later
"""The device layer's safe start (Board.start(safe=True)): the simulator's --safe, and on a UART
board a reset caught in its boot window by ^C sent at the banner's `W` (docs/storage.md)."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from snekide.device.board import Board
from snekide.device.realboard import BoardPort
from snekide.device.transport import SimulatorTransport

from .test_device_realboard import FakeUart

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
WAIT = 10.0


def image(program: bytes, size: int = 1024) -> bytes:
    return program + b"\xff" * (size - len(program))


@pytest.fixture(scope="session")
def firmware() -> Path:
    subprocess.run(["make", "-s", "-C", str(FIRMWARE), "posix"], check=True)
    return FIRMWARE / "build" / "posix" / "snek"


@pytest.fixture(scope="module")
def uno_image() -> dict[str, Path]:
    done = subprocess.run(["make", "-s", "-C", str(FIRMWARE), "uno", "sim"],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return {"avrsim": FIRMWARE / "build" / "sim" / "avrsim",
            "elf": FIRMWARE / "build" / "uno" / "snek-uno.elf"}


class Seen:
    """What a Board printed, gathered from its reader thread."""

    def __init__(self, board: Board) -> None:
        self.text = ""
        board.on_output = self._add

    def _add(self, text: str) -> None:
        self.text += text

    def wait_for(self, marker: str) -> None:
        deadline = time.monotonic() + WAIT
        while marker not in self.text:
            assert time.monotonic() < deadline, f"{marker!r} never came; got {self.text!r}"
            time.sleep(0.02)


# -- the simulator ----------------------------------------------------------------------

def test_the_command_line_asks_for_a_safe_start_only_while_opening_safely(firmware, tmp_path):
    seen: list[list[str]] = []

    class Recording(SimulatorTransport):
        def command(self) -> list[str]:
            seen.append(super().command())
            return seen[-1]

    t = Recording(firmware, tmp_path / "e.bin", extra_args=["--io-fd", "9"])
    assert "--safe" not in t.command()
    t.extra_args = []
    t.open_safely()
    t.close()
    t.open()
    t.close()
    assert [("--safe" in args) for args in seen[1:]] == [True, False]
    assert seen[1][-1] == "--safe"


@pytest.mark.parametrize("program", [b'print("ran")\nexit()\n', b'print("ran")\nreset()\n',
                                     b'print("ran")\nwhile True:\n    pass\n'],
                         ids=["exit", "reset", "hang"])
def test_a_safe_start_of_the_simulator_skips_the_stored_program(firmware, tmp_path, program):
    eeprom = tmp_path / "e.bin"
    eeprom.write_bytes(image(program))
    board = Board(SimulatorTransport(firmware, eeprom), needs_pacing=False)
    seen = Seen(board)
    try:
        board.start(safe=True)
        board.wait_prompt()
        assert seen.text == "Welcome to Snek 0.1.0\n"
        # The program is still there, to Get and fix; reset() would run it again.
        assert board.get() == program.decode()
    finally:
        board.close()


def test_a_plain_start_still_runs_the_stored_program(firmware, tmp_path):
    eeprom = tmp_path / "e.bin"
    eeprom.write_bytes(image(b'print("ran")\n'))
    board = Board(SimulatorTransport(firmware, eeprom), needs_pacing=False)
    seen = Seen(board)
    try:
        board.start()
        seen.wait_for("ran\n")
    finally:
        board.close()


# -- a UART board --------------------------------------------------------------------------

def test_the_interrupt_goes_at_the_w_before_the_speed_check():
    """^C first, the moment the W is read: the DC4 speed check comes after it."""
    uart = FakeUart(board_rate=115200, script=[b"\x00W", b"elcome to Snek 0.1.0\r\n"])
    port = BoardPort("/dev/null", resets_on_open=True, banner_timeout=0.3, ping_timeout=0.2)
    port._open_serial = lambda *args, **options: None   # type: ignore[method-assign]
    port.read, port.write, port.unread = uart.read, uart.write, uart.unread  # type: ignore
    port.set_baudrate = uart.set_baudrate  # type: ignore[method-assign]
    port.open_safely()
    assert uart.writes[:2] == [b"\x03", b"\x14"]
    assert port.interrupted_at_boot and port.boots_on_open
    port.open()
    assert not port.interrupted_at_boot   # only the safe open sends it
    assert b"\x03" not in b"".join(uart.writes[2:])


@pytest.fixture
def uno_sim(uno_image, tmp_path) -> Iterator[object]:
    sims: list[subprocess.Popen[bytes]] = []

    def start(program: bytes) -> Path:
        link = tmp_path / "ttyUNO"
        eeprom = tmp_path / "uno.eeprom"
        eeprom.write_bytes(image(program))
        sims.append(subprocess.Popen([str(uno_image["avrsim"]), "--pty", str(link), "--realtime",
                                      "--reset-on-open", "--eeprom", str(eeprom),
                                      str(uno_image["elf"])],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + WAIT
        while not link.exists():
            assert sims[-1].poll() is None and time.monotonic() < deadline, "no avrsim"
            time.sleep(0.01)
        return link

    yield start
    for sim in sims:
        sim.kill()
        sim.wait(timeout=WAIT)


@pytest.mark.parametrize("program", [b'print("ran")\nreset()\n',
                                     b'print("ran")\nwhile True:\n    pass\n'],
                         ids=["reset", "hang"])
def test_the_uno_is_caught_in_its_boot_window(uno_sim, program):
    """The shipped Uno image in real time: opening the port resets it (as DTR does), and the
    ^C at its W lands in the window: the program never runs."""
    link = uno_sim(program)
    board = Board(BoardPort(str(link), resets_on_open=True), needs_pacing=True)
    seen = Seen(board)
    try:
        board.start(safe=True)
        board.wait_prompt()
        time.sleep(0.5)   # a program let through would print by now
        assert seen.text == "Welcome to Snek 0.1.0\n"
        assert board.transport.interrupted_at_boot
        assert board.get() == program.decode()
    finally:
        board.close()
