# SPDX-License-Identifier: GPL-3.0-or-later
"""The STK500v1 writer against a scripted bootloader: faults the real ones are slow to show.

(tests/flash/test_install_avr.py runs the writer on Debian's real bootloaders.)
"""

from __future__ import annotations

import pytest
import serial

from snekide.flash import images, stk500
from snekide.flash.errors import Cancelled, FlashError


class ScriptedBootloader:
    """A serial port with an Optiboot-like bootloader behind it, and ways to misbehave."""

    def __init__(self, *, signature=b"\x1e\x95\x0f", flips_byte_at=None, silent_after=None,
                 gone_after=None, answers_from_try=0):
        self.flash = bytearray(b"\xff" * 0x8000)
        self.signature = signature
        self.flips_byte_at = flips_byte_at
        self.silent_after = silent_after        # stop answering after this many page writes
        self.gone_after = gone_after            # the port vanishes after this many page writes
        self.answers_from_try = answers_from_try  # ignore this many GET_SYNCs (still booting)
        self.pages_written = 0
        self.syncs = 0
        self.resets = 0
        self.address = 0
        self.out = bytearray()
        self.timeout = 1.0
        self.closed = False
        self.left_programming = False

    # serial.Serial's surface
    @property
    def dtr(self):
        return True

    @dtr.setter
    def dtr(self, value):
        if value:
            self.resets += 1

    def reset_input_buffer(self):
        self.out.clear()

    def close(self):
        self.closed = True

    def read(self, count):
        if self.gone_after is not None and self.pages_written >= self.gone_after:
            raise serial.SerialException("device reports readiness to read but returned no data")
        data, self.out = bytes(self.out[:count]), self.out[count:]
        return data

    def write(self, data):
        if self.gone_after is not None and self.pages_written >= self.gone_after:
            raise serial.SerialException("write failed: [Errno 5] Input/output error")
        if self.silent_after is not None and self.pages_written >= self.silent_after:
            return len(data)
        assert data[-1] == 0x20, data
        command, body = data[0], data[1:-1]
        reply = b""
        if command == 0x30:
            self.syncs += 1
            if self.syncs <= self.answers_from_try:
                return len(data)
        elif command == 0x75:
            reply = self.signature
        elif command == 0x41:
            reply = {0x81: b"\x04", 0x82: b"\x04"}[body[0]]
        elif command == 0x55:
            self.address = (body[0] | body[1] << 8) * 2
        elif command == 0x64:
            size = body[0] << 8 | body[1]
            assert body[2] == ord("F") and len(body) == 3 + size
            page = bytearray(body[3:])
            if self.flips_byte_at is not None and self.address <= self.flips_byte_at < self.address + size:
                page[self.flips_byte_at - self.address] ^= 0x01
            self.flash[self.address:self.address + size] = page
            self.pages_written += 1
        elif command == 0x74:
            size = body[0] << 8 | body[1]
            reply = bytes(self.flash[self.address:self.address + size])
        elif command == 0x51:
            self.left_programming = True
        self.out += b"\x14" + reply + b"\x10"
        return len(data)


def install_on(loader, board="uno", **kw):
    image = images.load(images.BOARDS[board])
    return image, stk500.install(image, "/dev/scripted", opener=lambda *a, **k: loader, **kw)


def test_writes_every_page_and_leaves(monkeypatch):
    loader = ScriptedBootloader(answers_from_try=3)
    image, written = install_on(loader)
    assert written.pages == len(image.pages) and written.bootloader == "4.4"
    for address, data in image.pages.items():
        assert loader.flash[address:address + 128] == data
    end = max(image.pages) + 128
    assert loader.flash[end:] == b"\xff" * (0x8000 - end)  # nothing past the image
    assert loader.left_programming and loader.closed


def test_a_page_that_reads_back_different():
    loader = ScriptedBootloader(flips_byte_at=0x1234)
    with pytest.raises(FlashError, match=r"page at 0x1200 reads back different"):
        install_on(loader)
    assert not loader.left_programming and loader.closed


def uno_pages() -> int:
    return len(images.load(images.BOARDS["uno"]).pages)


def test_board_stops_answering_halfway():
    loader = ScriptedBootloader(silent_after=100)
    with pytest.raises(FlashError, match=rf"stopped answering while writing page 101 of "
                                         rf"{uno_pages()}.*installing again will work"):
        install_on(loader)
    assert loader.closed


def test_port_goes_away_halfway():
    loader = ScriptedBootloader(gone_after=57)
    with pytest.raises(FlashError, match=rf"went away while writing page 57 of {uno_pages()}: "
                                         r"was the cable pulled"):
        install_on(loader)


def test_cancel_halfway():
    loader = ScriptedBootloader()
    with pytest.raises(Cancelled, match="only partly written.*bootloader is not touched"):
        install_on(loader, cancelled=lambda: loader.pages_written >= 20)
    assert loader.pages_written == 20 and loader.closed


def test_progress_goes_through_each_stage():
    loader = ScriptedBootloader()
    seen = []
    install_on(loader, progress=lambda stage, done, total: seen.append((stage, done, total)))
    pages = uno_pages()
    assert seen[0] == ("connecting", 0, pages)
    writing = [d for s, d, t in seen if s == "writing"]
    checking = [d for s, d, t in seen if s == "checking"]
    assert writing == list(range(1, pages + 1)) and checking == list(range(1, pages + 1))


def test_wrong_signature():
    loader = ScriptedBootloader(signature=b"\x1e\x95\x87")
    with pytest.raises(FlashError, match=r"an ATmega32U4 \(signature 1E 95 87\).*needs an "
                                         r"ATmega328P"):
        install_on(loader)
    assert loader.pages_written == 0


def test_no_bootloader_after_three_resets(monkeypatch):
    monkeypatch.setattr(stk500, "SYNC_WAIT", 0.01)
    loader = ScriptedBootloader(answers_from_try=10 ** 6)
    with pytest.raises(FlashError, match="did not start its bootloader"):
        install_on(loader, board="duemilanove")
    assert loader.resets == stk500.RESET_TRIES
    assert loader.syncs == stk500.RESET_TRIES * stk500.SYNC_ASKS
