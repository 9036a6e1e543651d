# SPDX-License-Identifier: GPL-3.0-or-later
"""Every SAMD21 image the firmware builds (`make -C firmware samd21`) is one the flasher
offers: snekide-flash and the install dialog know each board, recognise it by the USB id its
image enumerates with, and write that image, as built, through the board's UF2 drive (a fake
board: tests/flash/fake_uf2_board.py). A wrong or damaged file is refused, saying why."""

from __future__ import annotations

import struct

import pytest

from snekide.device.samd21_boards import SAMD21_BOARDS
from snekide.flash import images, uf2
from snekide.flash.finder import FoundPort, board_for, find_ports
from tests.firmware.samd21 import BOARDS as BUILT_BOARDS
from tests.firmware.samd21 import image as built_image
from tests.firmware.samd21 import samd21_build  # noqa: F401 (a fixture)

from .conftest import run_flash
from .fake_uf2_board import FakeUf2Board

#: The flasher's SAMD21 boards.
SAMD21 = [name for name, spec in images.BOARDS.items() if spec.method == "uf2"]


@pytest.fixture
def fake_board(tmp_path):
    boards = []

    def make(**options) -> FakeUf2Board:
        board = FakeUf2Board(tmp_path / f"ttyACM{len(boards)}", tmp_path / f"drive{len(boards)}",
                             **options)
        boards.append(board)
        return board

    yield make
    for board in boards:
        board.close()


def test_the_flasher_offers_every_image_the_firmware_builds():
    assert sorted(SAMD21) == sorted(SAMD21_BOARDS) == sorted(BUILT_BOARDS)
    assert SAMD21[0] == "snekboard"
    for name in SAMD21:
        spec = images.BOARDS[name]
        assert (spec.label, *spec.usb_ids[0]) == SAMD21_BOARDS[name]
        assert spec.image_name == built_image(name, ".uf2").name
        assert spec.make_target == name and spec.uf2_family == 0x68ED2B88


@pytest.mark.parametrize("name", SAMD21)
def test_a_plugged_in_board_is_found_by_its_usb_id(name):
    label, vid, pid = SAMD21_BOARDS[name]
    assert board_for(vid, pid) == name
    ports = [type("Port", (), {"device": "/dev/ttyACM4", "vid": vid, "pid": pid,
                               "serial_number": "0123ABCD"})()]
    assert find_ports(lambda: ports) == [
        FoundPort("/dev/ttyACM4", f"{label} (/dev/ttyACM4)", name, "0123ABCD")]


@pytest.mark.parametrize("name", SAMD21)
def test_the_built_image_loads_for_its_board(name, samd21_build):
    spec = images.BOARDS[name]
    image = images.load(spec)
    assert image.path == built_image(name, ".uf2")
    assert image.version and image.version[0].isdigit()
    binary = built_image(name, ".bin").read_bytes()
    assert min(image.pages) == 0x2000 and image.size == len(binary) + (-len(binary) % 256)
    assert b"".join(image.pages[a] for a in sorted(image.pages))[:len(binary)] == binary


@pytest.mark.parametrize("name", SAMD21)
def test_snekide_flash_writes_each_boards_image(name, samd21_build, fake_board):
    spec = images.BOARDS[name]
    version = images.load(spec).version
    raw = built_image(name, ".uf2").read_bytes()
    board = fake_board(board_id=f"SAMD21G18A-{name}-v0")
    result = run_flash("--board", name, "--port", board.link, "--drive", board.drive)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (f"Snek {version} is on the {spec.label} at {board.link}: {len(raw) // 2:,} bytes "
            "written and checked") in result.stdout
    assert board.touches == 1 and board.restarts == 1
    # The bootloader got the built file block for block: every header word and payload.
    (blocks,) = board.files
    assert len(blocks) == len(raw) // 512
    for number, (words, payload) in enumerate(blocks):
        block = raw[512 * number:512 * (number + 1)]
        assert words == struct.unpack_from("<8I", block), number
        assert payload == block[32:32 + 256], number
        assert words[7] == 0x68ED2B88 and words[3] == 0x2000 + 256 * number
    binary = built_image(name, ".bin").read_bytes()
    flashed = b"".join(board.flash[a] for a in sorted(board.flash))
    assert flashed[:len(binary)] == binary


@pytest.mark.parametrize("name", SAMD21)
def test_an_image_for_another_chip_is_refused(name, tmp_path, fake_board):
    label = images.BOARDS[name].label
    path = tmp_path / "pico.uf2"
    path.write_bytes(uf2.encode(b"\x00" * 512, 0x10000000, uf2.FAMILIES["RP2040"]))
    board = fake_board()
    result = run_flash("--board", name, "--port", board.link, "--image", path,
                       "--drive", board.drive)
    assert result.returncode == 1
    assert result.stderr == (f"snekide-flash: The Snek image pico.uf2 is for RP2040 boards, "
                             f"not for the {label} (SAMD21).\n")
    assert board.touches == 0 and board.files == []


@pytest.mark.parametrize("name", SAMD21)
def test_a_damaged_image_is_refused_and_the_board_left_alone(name, samd21_build, tmp_path,
                                                             fake_board):
    raw = built_image(name, ".uf2").read_bytes()
    count = len(raw) // 512
    damaged = {
        "cut.uf2": (raw[:-100], f"it ends in the middle of block {count}: part of it is missing"),
        "short.uf2": (raw[:512 * 40], f"it has 40 blocks of the {count} it says: part of it is missing"),
        "garbled.uf2": (raw[:512 * 7] + b"\x00" + raw[512 * 7 + 1:],
                        "block 8 is not a UF2 block (its magic numbers are wrong)"),
    }
    board = fake_board()
    for file, (data, words) in damaged.items():
        (tmp_path / file).write_bytes(data)
        result = run_flash("--board", name, "--port", board.link, "--image", tmp_path / file,
                           "--drive", board.drive)
        assert result.returncode == 1
        assert result.stderr == (f"snekide-flash: The Snek image {file} is damaged ({words}). "
                                 "Use the image that came with snekide, or build it again.\n")
    assert board.touches == 0 and board.files == []


def test_the_install_dialog_offers_each_board_and_installs_on_a_metro(qtbot, samd21_build,
                                                                      fake_board):
    """Robot → Install Snek: a Metro M0 Express plugged in is found and chosen by its USB id,
    the dialog shows the Snek that ships for it, and Install writes that image."""
    from snekide.flash.dialog import FlashDialog

    from .test_dialog import click, make_dialog, wait_status

    board = fake_board(board_id="SAMD21G18A-Metro-v0")
    label = SAMD21_BOARDS["metro-m0"][0]
    found = [FoundPort(str(board.link), f"{label} ({board.link})", "metro-m0")]
    dialog: FlashDialog = make_dialog(qtbot, found, drives=[board.drive])
    offered = [dialog.board.itemText(i) for i in range(dialog.board.count())]
    assert offered[1:] == [spec.label for spec in images.BOARDS.values()]
    assert dialog.board.currentText() == label
    image = images.load(images.BOARDS["metro-m0"])
    assert dialog.shipped.text() == f"Snek {image.version}"
    with qtbot.waitSignal(dialog.installed, timeout=60_000) as installed:
        click(qtbot, dialog.install_button)
    assert installed.args == [str(board.link), "metro-m0"]
    wait_status(qtbot, dialog, f"Snek {image.version} is on the {label}: {image.size:,} bytes "
                               "written and")
    (blocks,) = board.files
    assert b"".join(payload for _words, payload in blocks) == b"".join(
        image.pages[a] for a in sorted(image.pages))
