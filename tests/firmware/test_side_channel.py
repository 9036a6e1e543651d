# SPDX-License-Identifier: GPL-3.0-or-later
"""The host board's side channel (--io-fd) against hostile readers and writers (issue 18, items
3, 7, 13 and 14): the console on a pseudo-terminal, as the IDE drives it, the side channel on a
socket, and the ASan+UBSan build, which stops at the first sanitizer report."""

from __future__ import annotations

import fcntl
import json
import os
import select
import socket
import subprocess
import termios
import threading
import time
import tty
from pathlib import Path

import pytest

#: Longest any step may take: each is a matter of milliseconds when it works.
BOUND = 5.0
SANITIZERS = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0",
                  UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1")


class PtyBoard:
    """The host build as a board: console on a pty, side channel on a socket pair."""

    def __init__(self, snek: Path, tmp: Path, *args: str, board: str = "snekboard",
                 ready: bool = True) -> None:
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.channel, theirs = socket.socketpair()
        self.stderr_path = tmp / "stderr.txt"
        with open(self.stderr_path, "wb") as stderr:
            self.proc = subprocess.Popen(
                [str(snek), "--board", board, "--io-fd", str(theirs.fileno()), *args],
                stdin=slave, stdout=slave, stderr=stderr, pass_fds=[theirs.fileno()],
                start_new_session=True, env=SANITIZERS)
        os.close(slave)
        theirs.close()
        self.out = bytearray()
        self.seen = 0
        if ready:
            self.expect(b"> ")

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def line(self, text: str) -> None:
        self.send(text.encode() + b"\n")

    def expect(self, wanted: bytes, bound: float = BOUND) -> bytes:
        """Console output up to and including wanted, after what was expected before."""
        deadline = time.monotonic() + bound
        while (found := self.out.find(wanted, self.seen)) < 0:
            left = deadline - time.monotonic()
            assert left > 0, f"no {wanted!r} in {bytes(self.out[self.seen:])[-300:]!r}; " \
                             f"stderr {self.sanitizer_report()!r}"
            if select.select([self.master], [], [], left)[0]:
                try:
                    self.out += os.read(self.master, 65536)
                except OSError:   # the board ended
                    pytest.fail(f"the board ended: {self.proc.wait()}, "
                                f"stderr {self.sanitizer_report()!r}")
        got = bytes(self.out[self.seen:found + len(wanted)])
        self.seen = found + len(wanted)
        return got

    def side_lines(self) -> list[bytes]:
        """Every whole line the side channel holds now."""
        self.channel.setblocking(False)
        data = b""
        try:
            while chunk := self.channel.recv(1 << 20):
                data += chunk
        except BlockingIOError:
            pass
        self.channel.setblocking(True)
        return data.split(b"\n")[:-1]

    def channel_backlog(self) -> int:
        """Bytes the board wrote on the side channel that nobody read yet."""
        size = bytearray(4)
        fcntl.ioctl(self.channel.fileno(), termios.FIONREAD, size)
        return int.from_bytes(size, "little")

    def sanitizer_report(self) -> str:
        text = self.stderr_path.read_text(errors="replace")
        return text if ("Sanitizer" in text or "runtime error" in text) else ""

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        os.close(self.master)
        self.channel.close()
        assert not self.sanitizer_report()


@pytest.fixture(scope="module")
def asan(snek_builds) -> Path:
    return snek_builds["posix-asan"]


@pytest.fixture
def board(asan, tmp_path):
    boards: list[PtyBoard] = []

    def start(*args: str, board: str = "snekboard", ready: bool = True) -> PtyBoard:
        made = PtyBoard(asan, tmp_path, *args, board=board, ready=ready)
        boards.append(made)
        return made

    yield start
    for made in boards:
        made.close()


def strict_json(line: bytes) -> dict:
    """A line as a strict JSON reader takes it: no NaN, no Infinity."""
    def refuse(name: str) -> None:
        raise ValueError(f"not JSON: {name}")
    return json.loads(line, parse_constant=refuse)


def wait_until_blocked(b: PtyBoard) -> None:
    """Until the board's side channel writes stop getting anywhere: the socket is full."""
    deadline = time.monotonic() + BOUND
    last = -1
    while (backlog := b.channel_backlog()) != last or backlog == 0:
        assert time.monotonic() < deadline, "the side channel never filled"
        last = backlog
        select.select([], [], [], 0.2)


def test_a_loop_on_a_side_channel_nobody_reads_still_answers_dc4_and_ctrl_c(board):
    """Item 3: the writes blocked, and ^C and DC4 went unanswered."""
    b = board()
    b.line("talkto(M1)")
    b.expect(b"> ")
    b.line("while True:\n    on()\n    off()\n")
    wait_until_blocked(b)
    started = time.monotonic()
    b.send(b"\x14")
    b.expect(b"\x14", bound=1.0)
    b.send(b"\x03")
    b.expect(b"^C\n> ", bound=1.0)
    assert time.monotonic() - started < 1.0
    b.line("print('alive')")
    b.expect(b"alive\n> ")
    # What did go out is whole lines of JSON: a write cut short by ^C is finished, not torn.
    lines = b.side_lines()
    assert len(lines) > 100
    for line in lines:
        strict_json(line)
    b.line("off()")          # finishes whatever was left of a line, then reports this
    b.expect(b"> ")
    lines = b.side_lines()
    assert all(strict_json(line) for line in lines)
    assert lines[-1] == b'{"motor": 1, "power": 1, "on": false, "direction": "right"}' or \
        lines == []


def test_a_side_channel_reader_that_closes_does_not_kill_the_board(board):
    """Item 7: the next on() died of SIGPIPE."""
    b = board()
    b.line("talkto(M1)")
    b.expect(b"> ")
    b.channel.shutdown(socket.SHUT_RDWR)
    b.line("on()")
    b.line("off()")
    b.line("print('alive')")
    b.expect(b"alive\n> ")
    assert b.proc.poll() is None


@pytest.mark.parametrize("bad", [
    b'{"pin": "A2", "value": 1}',      # a name, not a number: strtol read 0
    b'{"pin": 1e3, "value": 1}',       # strtol stopped at the e: pin 1
    b'{"pin": 1.5, "value": 1}',
    b'{"pin": 0x1, "value": 1}',
    b'{"pin": -1, "value": 1}',
    b'{"pin": 99999999999999999999, "value": 1}',
    b'{"pin": , "value": 1}',
    b'{"pin": 1, "value": "1"}',
    b'{"pin": 1, "value": nan}',
    b'{"pin": 1, "value": inf}',
    b'{"pin": 1, "value": 1e999}',
    b'{"pin": 1, "value": 0x1p0}',
    b'{"pin": 1, "value": 1x}',
    b'{"pin": 1, "value": }',
])
def test_side_channel_input_that_is_not_a_pin_and_a_number_is_refused(board, bad):
    """Item 13: the number parser did not check where it stopped."""
    b = board()
    b.channel.sendall(b'{"pin": 0, "value": 0.75}\n{"pin": 1, "value": 0.75}\n' + bad + b"\n"
                      + b'{"pin": 3, "value": 0.5}\n')
    b.line("print(read(A1), read(A2), read(A4))")
    # Pins 0 and 1 as they were; the good line after the bad one is taken.
    assert b.expect(b"> ").split()[:3] == [b"0.75", b"0.75", b"0.5"]


@pytest.mark.parametrize("good, expected", [
    (b'{"pin": 1, "value": 1}', b"1"),
    (b'{"value": 0.25, "pin": 1}', b"0.25"),
    (b'{ "pin" : 1 , "value" : 2.5e-1 }', b"0.25"),
    (b'{"pin": 1, "value": -0}', b"0"),
])
def test_side_channel_input_as_json_writes_it_is_taken(board, good, expected):
    b = board()
    b.channel.sendall(good + b"\n")
    b.line("print(read(A2))")
    assert b.expect(b"> ").split()[0] == expected


def test_non_finite_outputs_are_reported_as_json(board):
    """Item 14: nan and inf went out as bare words, which a strict reader refuses."""
    b = board()
    b.line("big = 1e38 * 10")
    b.expect(b"> ")
    for line in ("talkto(M1)", "setpower(big - big)", "on()", "tone(big)", "tone(-big)",
                 "tone(big - big)", "setpower(0.5)"):
        b.line(line)
        b.expect(b"> ")
    reports = [strict_json(line) for line in b.side_lines()]
    tones = [r["tone"] for r in reports if "tone" in r]
    assert tones[-3:] == [None, None, None]
    assert {"motor": 1, "power": 0.5, "on": True, "direction": "right"} in reports
    for report in reports:
        if "power" in report:
            assert report["power"] is None or 0 <= report["power"] <= 1


def test_virtual_time_ignores_a_time_that_is_not_a_whole_number(board):
    """The same parser for time_us: -5 read as an unsigned number moved the clock 584,000
    years on."""
    b = board("--virtual-time", ready=False)   # it boots once the world answers
    stop = threading.Event()

    def world() -> None:
        """Answer every wait with bad times first, then the time asked for."""
        reader = b.channel.makefile("rb")
        try:
            while not stop.is_set() and (line := reader.readline()):
                if b"wait_us" in line:
                    asked = strict_json(line)["wait_us"]
                    b.channel.sendall(b'{"time_us": -5}\n{"time_us": 1e12}\n'
                                      b'{"time_us": "9"}\n' + f'{{"time_us": {asked}}}\n'.encode())
        except OSError:
            pass   # the board ended

    thread = threading.Thread(target=world, daemon=True)
    thread.start()
    try:
        b.expect(b"> ")
        b.line("t = time.monotonic()")
        b.expect(b"> ")
        b.line("time.sleep(0.5)")
        b.expect(b"> ")
        b.line("print(0.5 <= time.monotonic() - t < 0.6)")
        assert b.expect(b"> ").split()[0] == b"True"
    finally:
        stop.set()
