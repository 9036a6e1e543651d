# SPDX-License-Identifier: GPL-3.0-or-later
"""The host build on a pseudo-terminal, driven byte for byte as the IDE
drives a board (see docs/protocol.md): Put with ENQ/ACK pacing,
reset and boot, Get, ^C, and a refused upload that keeps the old program."""

import os
import select
import subprocess
import time
import tty

import pytest

STX, ETX, CTRL_C, CTRL_D, ENQ, ACK, CTRL_N, CTRL_O, DC4 = b'\x02', b'\x03', b'\x03', b'\x04', b'\x05', b'\x06', b'\x0e', b'\x0f', b'\x14'
PACE = 16


class PtyBoard:
    """snek behind a pseudo-terminal, as the IDE's serial port sees it."""

    def __init__(self, snek, *args):
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.proc = subprocess.Popen([str(snek), *map(str, args)], stdin=slave, stdout=slave,
                                     stderr=slave, close_fds=True)
        os.close(slave)
        self.seen = b''

    def send(self, data: bytes):
        os.write(self.master, data)

    def read_until(self, marker: bytes, timeout: float = 10) -> bytes:
        """Everything up to and including marker; fails on timeout."""
        deadline = time.monotonic() + timeout
        while marker not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f'timed out waiting for {marker!r}; got {self.seen!r}'
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b''
                assert chunk, f'device closed; got {self.seen!r}'
                self.seen += chunk
        got, _, self.seen = self.seen.partition(marker)
        return got + marker

    def send_paced(self, data: bytes) -> bytes:
        """Send in 16-byte pieces, each followed by ENQ; wait for its ACK.
        Returns what the device printed meanwhile."""
        printed = b''
        for i in range(0, len(data), PACE):
            self.send(data[i:i + PACE] + ENQ)
            printed += self.read_until(ACK, timeout=5)[:-1]
        return printed

    def put(self, program: bytes):
        self.send(CTRL_N + CTRL_C)
        self.read_until(b'> ')
        self.send_paced(b'eeprom.write()\n' + program + CTRL_D)
        # The last ACK came once ^D was read: the program is stored.
        self.send(CTRL_N + b'reset()\n')

    def get(self) -> bytes:
        self.send(CTRL_N + CTRL_C + b'eeprom.show(1)\n')
        self.read_until(STX)
        return self.read_until(ETX)[:-1]

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
            os.close(self.master)


@pytest.fixture
def board(snek, tmp_path):
    boards = []

    def start(*args):
        b = PtyBoard(snek, '--eeprom', tmp_path / 'eeprom.bin', *args)
        boards.append(b)
        b.read_until(b'Welcome to Snek')
        return b
    yield start
    for b in boards:
        b.close()


PROGRAM = b'''def greet(name):
    print('hello,', name)

count = 0
for i in range(5):
    count += i
greet('robot')
print('count', count)
'''


def test_put_reset_boot_get(board, tmp_path):
    b = board()
    b.read_until(b'> ')
    b.put(PROGRAM)
    # reset() restarts: banner, the stored program runs at boot, then the REPL.
    b.read_until(b'Welcome to Snek')
    assert b.read_until(b'> ').endswith(b'hello, robot\ncount 10\n> ')
    # Globals from the boot run are there.
    b.send(b'print(count * 2)\n')
    assert b.read_until(b'> ') == b'20\n> '
    assert b.get() == PROGRAM
    # The image on disk is the text ended by 0xFF, 1024 bytes in all.
    image = (tmp_path / 'eeprom.bin').read_bytes()
    assert len(image) == 1024
    assert image == PROGRAM + b'\xff' * (1024 - len(PROGRAM))


def test_stored_program_survives_a_restart(board):
    b = board()
    b.read_until(b'> ')
    b.put(b'print("boot")\n')
    b.read_until(b'boot\n> ')
    b.close()
    b2 = board()
    assert b2.read_until(b'> ').endswith(b'boot\n> ')


def test_ctrl_c_stops_a_running_loop_and_the_next_line_runs(board):
    b = board()
    b.read_until(b'> ')
    b.send(b'while True: pass\n\n')
    time.sleep(0.3)
    b.send(CTRL_C)
    b.read_until(b'^C\n')
    b.send(b'print(6 * 7)\n')
    b.read_until(b'42\n> ')


def test_ctrl_c_interrupts_sleep(board):
    b = board()
    b.read_until(b'> ')
    start = time.monotonic()
    b.send(b'time.sleep(30)\n')
    time.sleep(0.3)
    b.send(CTRL_C)
    b.read_until(b'^C\n')
    assert time.monotonic() - start < 10
    b.send(b'print("awake")\n')
    b.read_until(b'awake\n> ')


def test_ctrl_c_stops_a_runaway_stored_program_at_boot(board):
    b = board()
    b.read_until(b'> ')
    b.put(b'n = 0\nwhile True:\n    n += 1\n')
    b.read_until(b'Welcome to Snek')
    time.sleep(0.3)
    b.send(CTRL_C)
    b.read_until(b'^C\n')
    b.send(b'print(n > 0)\n')
    b.read_until(b'True\n> ')


def test_too_big_a_put_is_refused_and_the_old_program_survives(board):
    b = board('--eeprom-size', '256')
    b.read_until(b'> ')
    b.put(b'print("small")\n')
    b.read_until(b'small\n> ')
    big = b''.join(b'print(%d)\n' % i for i in range(60))
    assert len(big) > 256
    b.send(CTRL_N + CTRL_C)
    b.read_until(b'> ')
    message = b.send_paced(b'eeprom.write()\n' + big + CTRL_D)
    assert b'program too big: %d bytes, room for 255' % len(big) in message
    assert b.get() == b'print("small")\n'


def test_enq_is_answered_only_after_earlier_bytes_are_read(board):
    b = board()
    b.read_until(b'> ')
    b.send(b'import time\ntime.sleep(0.5)\n' + ENQ)
    start = time.monotonic()
    b.read_until(ACK)
    assert time.monotonic() - start >= 0.4


def test_dc4_is_echoed_at_once_even_while_running(board):
    b = board()
    b.read_until(b'> ')
    b.send(b'while True: pass\n\n')
    time.sleep(0.2)
    b.send(DC4)
    b.read_until(DC4, timeout=3)
    b.send(CTRL_C)
    b.read_until(b'^C\n')


def test_echo_follows_ctrl_o_and_ctrl_n(board):
    b = board()
    b.read_until(b'> ')
    b.send(CTRL_O + b'1+1\n')
    assert b.read_until(b'> ') == b'1+1\n2\n> '
    b.send(CTRL_N + b'2+2\n')
    assert b.read_until(b'> ') == b'4\n> '


def test_eeprom_builtins(board):
    b = board()
    b.read_until(b'> ')
    b.put(b'x = 41\n')
    b.read_until(b'> ')
    b.send(b'x = 0\neeprom.load()\n')
    b.read_until(b'> ')
    b.read_until(b'> ')
    b.send(b'print(x + 1)\n')
    b.read_until(b'42\n> ')
    b.send(b'eeprom.show()\n')
    assert b.read_until(b'> ') == b'x = 41\n> '
    b.send(b'eeprom.erase()\n')
    b.read_until(b'> ')
    assert b.get() == b''
