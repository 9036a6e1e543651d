# SPDX-License-Identifier: GPL-3.0-or-later
"""The serial protocol on ARM: every test of test_protocol.py, run against
snek-qemu booted as a board (its console on the emulated UART, each byte
handed to console_rx by the receive interrupt, as on a real board, and
reset() resetting the machine)."""

import pytest

from .qemu import qemu_arm  # noqa: F401 (a fixture)
from .test_protocol import *  # noqa: F401,F403 (the tests, run again here)
from .test_protocol import PtyBoard


@pytest.fixture
def board(qemu_arm, tmp_path):  # noqa: F811 (this module's board is the ARM one)
    boards = []

    def start(*args):
        b = PtyBoard(qemu_arm, '--eeprom', tmp_path / 'eeprom.bin', *args)
        boards.append(b)
        b.read_until(b'Welcome to Snek')
        return b
    yield start
    for b in boards:
        b.close()
