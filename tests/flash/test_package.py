# SPDX-License-Identifier: GPL-3.0-or-later
"""The board images are built into the package: an installed snekide flashes with no checkout.

Wheels are built from a copy of the checkout (see tests/ide/test_install.py),
once with every compiler, once with the AVR compiler missing. Each is unpacked
outside the checkout and its snekide-flash run from there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from intelhex import IntelHex

from tests.ide.test_install import INSTALL_TIMEOUT, clean_env, copy_checkout

from snekide.flash import uf2

from .conftest import ROOT
from .fake_uf2_board import FakeUf2Board

IMAGES = "snekide/flash/images/"


def build_wheel(base: Path, **env: str) -> tuple[Path, str]:
    """A wheel of a copy of the checkout, and pip's output of the build."""
    src = copy_checkout(base / "src")
    out = base / "wheels"
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out),
                          str(src)], capture_output=True, text=True, timeout=INSTALL_TIMEOUT,
                         cwd=base, env=dict(clean_env(), **env))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    (wheel,) = out.glob("snekide-*.whl")
    return wheel, run.stdout + run.stderr


def unpack(wheel: Path, dest: Path) -> Path:
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(dest)
    return dest


def flash_from(unpacked: Path, *args) -> subprocess.CompletedProcess:
    """snekide-flash of the unpacked wheel, run outside the checkout."""
    code = ("import sys; sys.path.insert(0, sys.argv.pop(1))\n"
            "import snekide.flash.cli as cli\n"
            f"assert cli.__file__.startswith({str(unpacked)!r}), cli.__file__\n"
            "sys.exit(cli.main(sys.argv[1:]))\n")
    return subprocess.run([sys.executable, "-c", code, str(unpacked), *map(str, args)],
                          capture_output=True, text=True, timeout=120, cwd=unpacked,
                          env=clean_env())


@pytest.fixture(scope="module")
def wheel_with_images(tmp_path_factory):
    base = tmp_path_factory.mktemp("wheel")
    wheel, log = build_wheel(base)
    return wheel, unpack(wheel, base / "unpacked"), log


def flash_bytes(path: Path) -> bytes:
    hexfile = IntelHex(str(path))
    return bytes(hexfile.tobinarray(start=hexfile.minaddr(), end=hexfile.maxaddr()))


def test_wheel_ships_the_uno_image(wheel_with_images, firmware_build):
    wheel, unpacked, log = wheel_with_images
    with zipfile.ZipFile(wheel) as zf:
        shipped = sorted(n for n in zf.namelist() if n.startswith(IMAGES))
    report = json.loads((unpacked / IMAGES / "built.json").read_text())
    assert report["snek-uno.hex"] == {"built": True, "missing": "", "why": ""}
    has_port = (ROOT / "firmware" / "ports" / "snekboard").is_dir()
    if has_port:    # CI installs the ARM compiler: the Snekboard image is built too
        assert report["snek-snekboard.uf2"]["built"] is True
        assert shipped == [IMAGES + "built.json", IMAGES + "snek-snekboard.uf2",
                           IMAGES + "snek-uno.hex"]
    else:
        assert report["snek-snekboard.uf2"]["missing"] == "port"
        assert "WARNING: the Snekboard image (snek-snekboard.uf2) is left out: the Snekboard " \
               "port is not in this snekide's sources yet" in log
        assert shipped == [IMAGES + "built.json", IMAGES + "snek-uno.hex"]
    # Built from firmware/ as `make -C firmware uno` builds it.
    assert flash_bytes(unpacked / IMAGES / "snek-uno.hex") == flash_bytes(firmware_build["hex"])


def test_installed_snekide_flashes_without_a_checkout(wheel_with_images, board_factory):
    _, unpacked, _ = wheel_with_images
    board = board_factory("uno")
    result = flash_from(unpacked, "--board", "uno", "--port", board.link)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Snek 0.1.0 is on the Arduino Uno" in result.stdout


def test_missing_compiler_is_said_by_the_build_and_by_snekide_flash(tmp_path, board_factory):
    wheel, log = build_wheel(tmp_path, AVR_CC="avr-gcc-not-installed")
    assert ("WARNING: the Arduino Uno and Duemilanove image (snek-uno.hex) is left out: its "
            "compiler avr-gcc-not-installed was not found (Debian: gcc-avr and avr-libc)") in log
    with zipfile.ZipFile(wheel) as zf:
        assert IMAGES + "snek-uno.hex" not in zf.namelist()
    unpacked = unpack(wheel, tmp_path / "unpacked")
    board = board_factory("uno")
    result = flash_from(unpacked, "--board", "uno", "--port", board.link)
    assert result.returncode == 1
    assert result.stderr == (
        "snekide-flash: This snekide was built without Snek for the Arduino Uno (its compiler "
        "avr-gcc-not-installed was not found). Whoever installs snekide can add it by installing "
        "gcc-avr and avr-libc and building snekide again; or choose a Snek image file.\n")
    assert not os.path.exists(unpacked / "firmware")


def test_installed_snekide_installs_its_snekboard_image(wheel_with_images, tmp_path):
    """The wheel's Snekboard image is the one `make -C firmware snekboard` builds, and the
    installed snekide-flash finds it and writes it through the board's UF2 drive."""
    wheel, unpacked, _ = wheel_with_images
    shipped = unpacked / IMAGES / "snek-snekboard.uf2"
    assert shipped.is_file(), "the wheel has no Snekboard image"
    done = subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "snekboard"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    built = ROOT / "firmware" / "build" / "snekboard" / "snek-snekboard.uf2"
    payload = [(b.address, b.payload) for b in uf2.decode(shipped.read_bytes())]
    assert payload == [(b.address, b.payload) for b in uf2.decode(built.read_bytes())]
    board = FakeUf2Board(tmp_path / "ttyACM0", tmp_path / "drive")
    try:
        result = flash_from(unpacked, "--board", "snekboard", "--port", board.link,
                            "--drive", board.drive)
    finally:
        board.close()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "is on the Snekboard" in result.stdout
    written = b"".join(board.flash[address] for address in sorted(board.flash))
    assert written == b"".join(data for _address, data in sorted(payload))
