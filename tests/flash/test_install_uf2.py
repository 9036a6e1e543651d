# SPDX-License-Identifier: GPL-3.0-or-later
"""Installing on a SAMD21 board through its UF2 bootloader's drive, against a fake board
(tests/flash/fake_uf2_board.py) until the Snekboard port exists."""

from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest

from snekide.flash import uf2, uf2_drive
from snekide.flash.errors import Cancelled, FlashError
from snekide.flash.installer import install

from .conftest import run_flash
from .fake_uf2_board import FakeUf2Board

VERSION = "0.1.0"


def snek_like_program(size: int = 20_000) -> bytes:
    """Bytes standing in for a Snekboard image: random code with Snek's banner inside."""
    rng = random.Random(size)
    body = bytearray(rng.randbytes(size))
    banner = f"Welcome to Snek {VERSION}\n".encode()
    body[4000:4000 + len(banner)] = banner
    return bytes(body)


@pytest.fixture
def program(tmp_path):
    data = snek_like_program()
    path = tmp_path / "snek-snekboard.uf2"
    path.write_bytes(uf2.encode(data, uf2.SAMD21_APP_START, uf2.FAMILY_SAMD21))
    return path, data


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


def flashed_bytes(board: FakeUf2Board) -> bytes:
    return b"".join(board.flash[a] for a in sorted(board.flash))


def check_blocks_on_the_wire(board: FakeUf2Board, data: bytes) -> None:
    """The file the bootloader got, block by block: magics, family, address, size, numbering."""
    (blocks,) = board.files
    assert len(blocks) == (len(data) + 255) // 256
    for number, (words, payload) in enumerate(blocks):
        magic0, magic1, flags, address, size, block_no, count, family = words
        assert (magic0, magic1) == (0x0A324655, 0x9E5D5157)
        assert flags == 0x2000 and family == 0x68ED2B88
        assert address == 0x2000 + 256 * number
        assert size == 256 and len(payload) == 256
        assert (block_no, count) == (number, len(blocks))
    assert flashed_bytes(board)[:len(data)] == data


def test_install_through_the_drive(fake_board, program):
    board = fake_board()
    path, data = program
    result = run_flash("--board", "snekboard", "--port", board.link, "--image", path,
                       "--drive", board.drive)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (f"Snek {VERSION} is on the Snekboard at {board.link}: {len(data) + (-len(data) % 256):,} "
            "bytes written and checked") in result.stdout
    assert "UF2 Bootloader v3.14.0" in result.stdout
    assert board.touches == 1 and board.restarts == 1
    check_blocks_on_the_wire(board, data)
    assert not board.in_bootloader and board.link.exists()


def test_board_already_in_its_bootloader(fake_board, program):
    """Double-tapped reset: the drive is there and the port is not, until the write."""
    board = fake_board(in_bootloader=True)
    path, data = program
    image, written = install("snekboard", str(board.link), path, drives=[board.drive])
    assert board.touches == 0 and written.port == str(board.link)
    check_blocks_on_the_wire(board, data)


def test_other_chip_family_is_refused_then_right_board(fake_board, program):
    path, data = program
    wrong = fake_board(board_id="SAMD51J19A-Itsy-v0")
    result = run_flash("--board", "snekboard", "--port", wrong.link, "--image", path,
                       "--drive", wrong.drive)
    assert result.returncode == 1
    assert "says it is SAMD51J19A-Itsy-v0, but this Snek is for SAMD21 boards" in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert wrong.files == [] and not list(wrong.drive.glob("*.UF2"))
    right = fake_board()
    install("snekboard", str(right.link), path, drives=[right.drive])
    check_blocks_on_the_wire(right, data)


def test_image_for_another_family_is_refused(tmp_path):
    path = tmp_path / "rp2040.uf2"
    path.write_bytes(uf2.encode(b"\x00" * 512, 0x10000000, uf2.FAMILIES["RP2040"]))
    result = run_flash("--board", "snekboard", "--port", tmp_path / "tty", "--image", path)
    assert result.returncode == 1
    assert "rp2040.uf2 is for RP2040 boards, not for the Snekboard (SAMD21)" in result.stderr


@pytest.mark.parametrize("damage, words", [
    (lambda raw: raw[:len(raw) - 100], "ends in the middle of block 79"),
    (lambda raw: raw[:512 * 40], "has 40 blocks of the 79 it says"),
    (lambda raw: raw[:512] + b"\x00" + raw[513:], "block 2 is not a UF2 block"),
    (lambda raw: raw[:512 * 3] + raw[512 * 4:512 * 5] + raw[512 * 3:512 * 4] + raw[512 * 5:],
     "block 4 is out of place"),
    (lambda raw: b"", "it is empty"),
])
def test_damaged_uf2_is_refused_then_good_one_works(fake_board, program, tmp_path, damage, words):
    board = fake_board()
    path, data = program
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(damage(path.read_bytes()))
    with pytest.raises(FlashError, match=words):
        install("snekboard", str(board.link), bad, drives=[board.drive])
    assert board.touches == 0
    install("snekboard", str(board.link), path, drives=[board.drive])
    check_blocks_on_the_wire(board, data)


def test_image_too_big_or_over_the_bootloader(tmp_path):
    big = tmp_path / "big.uf2"
    big.write_bytes(uf2.encode(b"\x01" * (0x40000 - 0x2000 + 256), 0x2000, uf2.FAMILY_SAMD21))
    with pytest.raises(FlashError, match=r"too big for the Snekboard: 254,208 bytes, and there "
                                         r"is room for 253,952"):
        install("snekboard", "/dev/null", big)
    low = tmp_path / "low.uf2"
    low.write_bytes(uf2.encode(b"\x01" * 512, 0x1000, uf2.FAMILY_SAMD21))
    with pytest.raises(FlashError, match="not for the Snekboard: it starts at 0x1000, outside"):
        install("snekboard", "/dev/null", low)


def test_board_that_never_shows_its_drive(fake_board, program, monkeypatch):
    monkeypatch.setattr(uf2_drive, "DRIVE_WAIT", 1.0)
    board = fake_board(enters_bootloader=False)
    path, _ = program
    with pytest.raises(FlashError, match="did not show its USB drive.*reset button twice"):
        install("snekboard", str(board.link), path, drives=[board.drive])
    assert board.touches == 1


def test_cancel_while_writing_leaves_the_bootloader_waiting(fake_board, program):
    board = fake_board()
    path, data = program
    stages = []

    def progress(stage, done, total):
        stages.append((stage, done))

    def cancelled():
        return any(stage == "writing" for stage, _ in stages)

    with pytest.raises(Cancelled, match="stays in its bootloader"):
        install("snekboard", str(board.link), path, progress, cancelled, drives=[board.drive])
    assert board.in_bootloader and board.files == []
    install("snekboard", str(board.link), path, drives=[board.drive])
    check_blocks_on_the_wire(board, data)


def test_encode_block_by_block():
    """Our UF2 output, read with struct: every field of every block."""
    data = bytes(range(256)) * 3 + b"\x42" * 10
    raw = uf2.encode(data, 0x2000, uf2.FAMILY_SAMD21)
    assert len(raw) == 4 * 512
    for number in range(4):
        block = raw[number * 512:(number + 1) * 512]
        words = struct.unpack("<8I", block[:32])
        assert words == (0x0A324655, 0x9E5D5157, 0x2000, 0x2000 + 256 * number, 256, number, 4,
                         0x68ED2B88)
        assert struct.unpack("<I", block[508:]) == (0x0AB16F30,)
        assert block[32 + 256:508] == b"\x00" * (476 - 256)
        expected = (data + b"\xff" * 246)[number * 256:(number + 1) * 256]
        assert block[32:32 + 256] == expected
    blocks = uf2.decode(raw)
    assert [b.address for b in blocks] == [0x2000, 0x2100, 0x2200, 0x2300]
    assert b"".join(b.payload for b in blocks)[:len(data)] == data


def test_info_file_and_mount_points(tmp_path):
    info = uf2_drive.read_info("UF2 Bootloader v3.14.0 SFHWRO\r\nModel: Metro M0\r\n"
                               "Board-ID: SAMD21G18A-Metro-v0\r\n")
    assert info == {"": "UF2 Bootloader v3.14.0 SFHWRO", "Model": "Metro M0",
                    "Board-ID": "SAMD21G18A-Metro-v0"}
    drive = uf2_drive.BootDrive(tmp_path, info)
    assert drive.family == uf2.FAMILY_SAMD21 and drive.bootloader.startswith("UF2 Bootloader")
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\n"
                      "/dev/sdb1 /media/teacher/SNEK\\040BOOT vfat rw,nosuid 0 0\n")
    assert uf2_drive.mount_points(mounts)[:2] == [Path("/"), Path("/media/teacher/SNEK BOOT")]
