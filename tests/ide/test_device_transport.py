# SPDX-License-Identifier: GPL-3.0-or-later
"""SimulatorTransport (the host firmware behind a pseudo-terminal) and finding the firmware."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from snekide.device import transport as transport_module
from snekide.device.exceptions import (SIMULATOR_ENDED, SIMULATOR_GONE, FirmwareNotFound,
                                       TransportClosed)
from snekide.device.transport import SimulatorTransport, find_simulator_firmware

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def firmware() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)
    return ROOT / "firmware" / "build" / "posix" / "snek"


@pytest.fixture
def sim(firmware, tmp_path):
    transports: list[SimulatorTransport] = []

    def start(**options) -> SimulatorTransport:
        t = SimulatorTransport(firmware, tmp_path / "eeprom.bin", **options)
        transports.append(t)
        t.open()
        return t
    yield start
    for t in transports:
        t.close()


def read_until(t: SimulatorTransport, marker: bytes, timeout: float = 10) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        assert time.monotonic() < deadline, f"timed out waiting for {marker!r}; got {seen!r}"
        seen += t.read(0.1)
    return seen


def test_the_banner_is_not_lost(sim):
    t = sim()
    assert read_until(t, b"> ").startswith(b"Welcome to Snek")


def test_bytes_go_both_ways(sim):
    t = sim()
    read_until(t, b"> ")
    t.write(b"\x0eprint(6*7)\n")
    assert read_until(t, b"> ") == b"42\n> "


def test_options_reach_the_command_line(firmware, tmp_path):
    t = SimulatorTransport(firmware, tmp_path / "e.bin", "uno", eeprom_size=256,
                           extra_args=["--io-fd", "9"])
    assert t.command() == [str(firmware), "--eeprom", str(tmp_path / "e.bin"), "--board", "uno",
                           "--eeprom-size", "256", "--io-fd", "9"]


def test_the_board_option_picks_the_pins(sim):
    t = sim(board="uno")
    read_until(t, b"> ")
    t.write(b"\x0eprint(LED)\n")
    assert read_until(t, b"> ") == b"13\n> "


def test_a_simulator_its_program_ends_says_so_until_it_starts_again(sim):
    """exit() ends the process by itself: not the same as a kill (the boot watch tells a
    stored exit() from a simulator that was killed by this)."""
    t = sim()
    read_until(t, b"> ")
    t.write(b"\x0eexit()\n")
    with pytest.raises(TransportClosed) as error:
        read_until(t, b"never")
    assert str(error.value) == SIMULATOR_ENDED
    t.restart()
    read_until(t, b"> ")
    t.kill()
    with pytest.raises(TransportClosed) as error:
        read_until(t, b"never")
    assert str(error.value) == SIMULATOR_GONE


def test_a_killed_simulator_is_a_closed_transport(sim):
    t = sim()
    read_until(t, b"> ")
    assert t.is_open
    t.kill()
    assert not t.is_open
    with pytest.raises(TransportClosed) as error:
        read_until(t, b"never")
    assert str(error.value) == SIMULATOR_GONE
    with pytest.raises(TransportClosed):
        t.write(b"x")


def test_restart_starts_a_fresh_simulator_with_the_same_storage(sim):
    t = sim()
    read_until(t, b"> ")
    t.write(b"\x0e\x03eeprom.write()\nprint('kept')\n\x04\x05")
    read_until(t, b"\x06")
    first = t.pid
    t.restart()
    assert t.pid != first
    assert read_until(t, b"> ").endswith(b"kept\n> ")


def test_close_ends_the_process(sim):
    t = sim()
    proc = t._proc
    t.close()
    assert proc is not None and proc.poll() is not None
    assert not t.is_open
    t.close()  # twice is fine


def test_a_missing_firmware_is_named(tmp_path):
    t = SimulatorTransport(tmp_path / "nothing", tmp_path / "e.bin")
    with pytest.raises(FirmwareNotFound) as error:
        t.open()
    assert "make -C firmware posix" in str(error.value)


def test_find_prefers_the_packaged_firmware(monkeypatch, tmp_path):
    packaged, built = tmp_path / "pkg" / "snek", tmp_path / "build" / "snek"
    for path in (packaged, built):
        path.parent.mkdir()
        path.write_text("#!/bin/sh\n")
        path.chmod(0o755)
    monkeypatch.setattr(transport_module, "PACKAGE_FIRMWARE", packaged)
    monkeypatch.setattr(transport_module, "CHECKOUT_FIRMWARE", built)
    assert find_simulator_firmware() == packaged
    packaged.unlink()
    assert find_simulator_firmware() == built


def test_find_without_any_firmware_says_how_to_build_it(monkeypatch, tmp_path):
    monkeypatch.setattr(transport_module, "PACKAGE_FIRMWARE", tmp_path / "a")
    monkeypatch.setattr(transport_module, "CHECKOUT_FIRMWARE", tmp_path / "b")
    with pytest.raises(FirmwareNotFound) as error:
        find_simulator_firmware()
    assert "make -C firmware posix" in str(error.value)


def test_the_checkout_build_is_found(firmware):
    assert find_simulator_firmware() in (transport_module.PACKAGE_FIRMWARE, firmware)
