# SPDX-License-Identifier: GPL-3.0-or-later
"""The images that ship, and reading an image file for a board."""

from __future__ import annotations

import json

import pytest
from intelhex import IntelHex

from snekide.flash import images
from snekide.flash.errors import FlashError

UNO = images.BOARDS["uno"]


def hex_file(path, data: bytes, offset: int = 0):
    out = IntelHex()
    out.frombytes(data, offset=offset)
    out.write_hex_file(str(path))
    return path


def test_pages_cover_the_image_padded_with_erased_bytes(tmp_path):
    data = b"Welcome to Snek 9.8.7\n" + bytes(range(200))
    image = images.load(UNO, hex_file(tmp_path / "a.hex", data, offset=0x100))
    assert list(image.pages) == [0x100, 0x180]
    assert image.pages[0x100] == data[:128]
    assert image.pages[0x180] == data[128:] + b"\xff" * (256 - len(data))
    assert image.size == len(data) and image.version == "9.8.7" and image.end == 0x200


def test_gaps_between_segments_are_left_alone(tmp_path):
    ih = IntelHex()
    ih.frombytes(b"\x01" * 10, offset=0)
    ih.frombytes(b"\x02" * 10, offset=0x1000)
    ih.write_hex_file(str(tmp_path / "gaps.hex"))
    image = images.load(UNO, tmp_path / "gaps.hex")
    assert list(image.pages) == [0, 0x1000] and image.size == 20


def test_image_in_the_bootloader_area_is_refused(tmp_path):
    with pytest.raises(FlashError, match=r"not for the Arduino Uno: it starts at 0x7E00"):
        images.load(UNO, hex_file(tmp_path / "boot.hex", b"\x00" * 64, offset=0x7E00))


def test_the_same_image_fits_the_uno_but_not_the_duemilanove(tmp_path):
    path = hex_file(tmp_path / "31k.hex", b"\x00" * 31_000)
    assert images.load(UNO, path).size == 31_000
    with pytest.raises(FlashError, match=r"too big for the Arduino Duemilanove: 31,000 bytes, "
                                         r"and there is room for 30,720"):
        images.load(images.BOARDS["duemilanove"], path)


def test_version_in_banner_text():
    assert images.version_in(b"\x00\x12Welcome to Snek 1.13\n\x00") == "1.13"
    assert images.version_in(b"Welcome to Snek 0.1.0\r\n") == "0.1.0"
    assert images.version_in(b"Welcome to Snek \n") is None
    assert images.version_in(b"no banner here") is None


def test_the_shipped_uno_image_in_a_checkout():
    path = images.shipped_image(UNO)
    assert path == images.CHECKOUT / "build" / "uno" / "snek-uno.hex" or \
        path == images.PACKAGED / "snek-uno.hex"


def test_missing_images_are_explained(tmp_path, monkeypatch):
    """An installed snekide (no checkout beside it) built without a board's image says why."""
    monkeypatch.setattr(images, "PACKAGED", tmp_path / "images")
    monkeypatch.setattr(images, "BUILD_REPORT", tmp_path / "images" / "built.json")
    monkeypatch.setattr(images, "CHECKOUT", tmp_path / "no-checkout")
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "built.json").write_text(json.dumps({
        "snek-uno.hex": {"built": False, "missing": "compiler",
                         "why": "its compiler avr-gcc was not found"},
        "snek-snekboard.uf2": {"built": False, "missing": "port",
                               "why": "the Snekboard port is not in this snekide's sources yet"}}))
    with pytest.raises(FlashError, match=r"built without Snek for the Arduino Uno \(its compiler "
                                         r"avr-gcc was not found\)\. Whoever installs snekide can "
                                         r"add it by installing gcc-avr and avr-libc"):
        images.load(UNO)
    with pytest.raises(FlashError, match=r"port is not in this snekide's sources yet\)\. A newer "
                                         r"snekide may have it; or choose a Snek image file\."):
        images.load(images.BOARDS["snekboard"])
    (tmp_path / "images" / "built.json").unlink()
    with pytest.raises(FlashError, match=r"built without Snek for the Arduino Uno\. "):
        images.load(UNO)


def test_unknown_board():
    with pytest.raises(FlashError, match="Unknown board 'mega': choose one of uno, duemilanove"):
        images.board("mega")
