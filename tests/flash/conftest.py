# SPDX-License-Identifier: GPL-3.0-or-later
"""Boards for the installer tests: Debian's real bootloaders running in avrsim on a pty."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.firmware.test_avrsim import Sim

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
BOOTLOADERS = Path("/usr/share/arduino/hardware/arduino/avr/bootloaders")
#: The bootloader each board carries, and the speed it talks at.
BOOTLOADER = {
    "uno": (BOOTLOADERS / "optiboot" / "optiboot_atmega328.hex", 115200),
    "duemilanove": (BOOTLOADERS / "atmega" / "ATmegaBOOT_168_atmega328.hex", 57600),
}
#: The command under test, as installed in this environment (make venv).
SNEKIDE_FLASH = Path(sys.executable).parent / "snekide-flash"
RUN_TIMEOUT = 120


@pytest.fixture(scope="session")
def firmware_build() -> dict[str, Path]:
    """avrsim and the Uno image, built as `make -C firmware sim uno` does."""
    done = subprocess.run(["make", "-s", "-C", str(FIRMWARE), "sim", "uno"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    paths = {"avrsim": FIRMWARE / "build" / "sim" / "avrsim",
             "hex": FIRMWARE / "build" / "uno" / "snek-uno.hex",
             "elf": FIRMWARE / "build" / "uno" / "snek-uno.elf"}
    for path in paths.values():
        assert path.is_file(), path
    return paths


@dataclass
class Board:
    """A simulated board on a pty at link, reset whenever a program opens it."""
    name: str
    link: Path
    sim: Sim
    baudrate: int


@pytest.fixture
def board_factory(firmware_build, tmp_path):
    """board_factory("uno") starts a simulated Uno with an erased application area."""
    sims = []

    def start(name: str, *extra, bootloader: Path | None = None, elf=False) -> Board:
        hex_file, baud = BOOTLOADER.get(name, BOOTLOADER["uno"])
        link = tmp_path / f"tty-{name}-{len(sims)}"
        build = {"avrsim": firmware_build["avrsim"], "echo": firmware_build["elf"]}
        args = ["--pty", link, "--reset-on-open", "--realtime", "--strict-baud",
                "--baud", baud, *extra]
        if bootloader is not False:
            args += ["--bootloader", bootloader or hex_file]
        sim = Sim(build, *args, elf=elf)
        sims.append(sim)
        _wait_for(link, sim)
        return Board(name, link, sim, baud)

    yield start
    for sim in sims:
        sim.kill()


def _wait_for(link: Path, sim: Sim) -> None:
    import time

    deadline = time.monotonic() + 15
    while not link.exists():
        assert sim.proc.poll() is None, sim.err.data.decode(errors="replace")
        assert time.monotonic() < deadline, f"{link} never appeared"
        time.sleep(0.02)


def run_flash(*args, timeout: float = RUN_TIMEOUT) -> subprocess.CompletedProcess:
    """snekide-flash with args, from outside the checkout."""
    assert SNEKIDE_FLASH.exists(), f"{SNEKIDE_FLASH} missing: run make venv"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.run([str(SNEKIDE_FLASH), *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, cwd="/", env=env)
