# SPDX-License-Identifier: GPL-3.0-or-later
"""Board against the real host firmware behind a pseudo-terminal, and against fake devices."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from snekide.device import Board, DeviceError, SimulatorTransport, Transport, TransportClosed
from snekide.device import board as board_module
from snekide.device.exceptions import NOT_ANSWERING, SIMULATOR_GONE

ROOT = Path(__file__).resolve().parents[2]
WAIT = 10.0  # generous: only reached when something is broken


@pytest.fixture(scope="session")
def firmware() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)
    return ROOT / "firmware" / "build" / "posix" / "snek"


class Console:
    """Collects what a Board reports, and waits for it."""

    def __init__(self, board: Board) -> None:
        self.cond = threading.Condition()
        self.text = ""
        self.prompts = 0
        self.mains: list[bool] = []
        self.sent: list[tuple[object, int | None, bool]] = []
        self.dropped: list[object] = []
        self.disconnects: list[str] = []
        board.on_output = self.output
        board.on_prompt = self.prompt
        board.on_line_sent = self.line_sent
        board.on_lines_dropped = self.lines_dropped
        board.on_disconnect = self.disconnect

    def output(self, text: str) -> None:
        with self.cond:
            self.text += text
            self.cond.notify_all()

    def prompt(self, main: bool) -> None:
        with self.cond:
            self.prompts += 1
            self.mains.append(main)
            self.cond.notify_all()

    def line_sent(self, tag: object, number: int | None, main: bool) -> None:
        with self.cond:
            self.sent.append((tag, number, main))
            self.cond.notify_all()

    def lines_dropped(self, tags: list[object]) -> None:
        with self.cond:
            self.dropped += tags
            self.cond.notify_all()

    def disconnect(self, message: str) -> None:
        with self.cond:
            self.disconnects.append(message)
            self.cond.notify_all()

    def wait_for(self, ready: Callable[[], bool], timeout: float = WAIT) -> None:
        with self.cond:
            assert self.cond.wait_for(ready, timeout), f"timed out; console has {self.text!r}"

    def wait_text(self, text: str, timeout: float = WAIT) -> None:
        self.wait_for(lambda: text in self.text, timeout)

    def take(self) -> str:
        with self.cond:
            text, self.text = self.text, ""
        return text


class Recording(SimulatorTransport):
    """The simulator, remembering every write."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)
        super().write(data)


@pytest.fixture
def simulator(firmware: Path, tmp_path: Path) -> Iterator[Callable[..., tuple[Board, Console]]]:
    boards: list[Board] = []

    def start(needs_pacing: bool = True, **options: object) -> tuple[Board, Console]:
        transport = Recording(firmware, tmp_path / "eeprom.bin", **options)
        board = Board(transport, needs_pacing=needs_pacing)
        console = Console(board)
        boards.append(board)
        board.start()
        board.wait_prompt(WAIT)
        assert console.text.startswith("Welcome to Snek")
        console.take()
        return board, console

    yield start
    for board in boards:
        board.close()


PROGRAM = """def greet(name):
    print('hello,', name)

count = 0
for i in range(5):
    count += i
greet('robot')
print('count', count, 'é')
"""


def test_run_line_prints_its_output(simulator):
    board, console = simulator()
    board.run_line("print(6*7)")
    board.wait_prompt(WAIT)
    assert console.take() == "42\n"


def test_a_two_line_def_then_a_call(simulator):
    board, console = simulator()
    board.run_line("def double(x):\n    return x * 2")
    board.run_line("print(double(21))")
    board.wait_prompt(WAIT)
    assert console.take() == "42\n"


def test_errors_come_as_console_text(simulator):
    board, console = simulator()
    board.run_line("print(nope)")
    board.wait_prompt(WAIT)
    assert console.take() == "<stdin>:1 undefined: nope\n"


def test_put_is_verified_runs_at_boot_and_gets_back_byte_for_byte(simulator, tmp_path):
    board, console = simulator()
    steps: list[tuple[int, int]] = []
    result = board.put(PROGRAM, progress=lambda done, total: steps.append((done, total)),
                       timeout=WAIT)
    assert result.verified, result.message
    assert result.message == "The robot now has your program."
    assert result.stored == PROGRAM
    size = len(PROGRAM.encode())
    assert steps[-1] == (size, size)
    assert [done for done, _ in steps] == sorted(done for done, _ in steps)
    # reset() ran the program at boot; its output reached the console.
    console.wait_text("hello, robot\ncount 10 é\n")
    board.wait_prompt(WAIT)
    assert "^C" not in console.text
    # Globals from the boot run are there.
    console.take()
    board.run_line("print(count * 2)")
    board.wait_prompt(WAIT)
    assert console.take() == "20\n"
    assert board.get(timeout=WAIT) == PROGRAM
    image = (tmp_path / "eeprom.bin").read_bytes()
    assert image[:size] == PROGRAM.encode() and image[size] == 0xFF


def test_put_adds_the_missing_last_newline(simulator):
    board, _ = simulator()
    result = board.put("x = 1", timeout=WAIT)
    assert result.verified
    assert board.get(timeout=WAIT) == "x = 1\n"


def test_too_big_a_put_is_refused_plainly_and_the_old_program_stays(simulator):
    board, console = simulator(eeprom_size=256)
    assert board.put('print("small")\n', timeout=WAIT).verified
    console.wait_text("small\n")
    big = "".join(f"print({i})\n" for i in range(60))
    result = board.put(big, timeout=WAIT)
    assert not result.verified
    assert result.message == (f"Your program is too big for this robot: {len(big)} bytes, "
                              "it has room for 255.")
    assert result.stored == 'print("small")\n'
    assert board.get(timeout=WAIT) == 'print("small")\n'


def test_stop_ends_a_loop_and_turns_the_motors_off(simulator):
    board, console = simulator()
    board.run_line("print('go')\nwhile True: pass")
    console.wait_text("go\n")
    with pytest.raises(DeviceError):
        board.wait_prompt(0.2)  # still looping
    board.stop(timeout=WAIT)
    assert any(b"stopall()" in data for data in board.transport.writes)
    console.take()
    board.run_line("print('after')")
    board.wait_prompt(WAIT)
    assert console.take() == "after\n"


def test_interrupt_ends_a_sleep_and_shows_it(simulator):
    board, console = simulator()
    board.run_line("print('zz')\ntime.sleep(60)")
    console.wait_text("zz\n")
    board.interrupt()
    board.wait_prompt(WAIT)
    assert console.take().endswith("^C\n")


def test_reset_runs_the_stored_program_again(simulator):
    board, console = simulator()
    assert board.put("print('boot')\n", timeout=WAIT).verified
    console.wait_text("boot\n")
    board.wait_prompt(WAIT)
    console.take()
    assert board.reset(timeout=WAIT) is True
    assert console.take() == "Welcome to Snek 0.1.0\nboot\n"


def test_reset_returns_false_while_the_stored_program_runs_on(simulator):
    board, console = simulator()
    assert board.put("print('on')\nwhile True:\n    pass\n", timeout=WAIT).verified
    console.wait_text("on\n")
    assert board.reset(timeout=0.3) is False
    board.stop(timeout=WAIT)


def test_a_killed_simulator_disconnects_and_a_restarted_one_works(simulator):
    board, console = simulator()
    board.run_line("while True: pass")
    board.transport.kill()
    console.wait_for(lambda: bool(console.disconnects))
    assert console.disconnects == [SIMULATOR_GONE]
    assert not board.connected
    with pytest.raises(DeviceError) as error:
        board.get(timeout=WAIT)
    assert str(error.value) == SIMULATOR_GONE
    board.close()
    transport = board.transport
    transport.restart()
    fresh = Board(transport, needs_pacing=False)
    again = Console(fresh)
    fresh.start()
    try:
        fresh.wait_prompt(WAIT)
        again.take()
        fresh.run_line("print(6*7)")
        fresh.wait_prompt(WAIT)
        assert again.take() == "42\n"
    finally:
        fresh.close()


def upload_writes(writes: list[bytes]) -> list[bytes]:
    """The writes of the last upload: the echoed command, the program, then ^D."""
    start = len(writes) - 1 - writes[::-1].index(b"\x0feeprom.write()\n\x05")
    end = writes.index(b"\x04\x0e\x05", start)
    return writes[start:end + 1]


def test_pacing_sends_an_enq_after_every_16_bytes(simulator):
    board, _ = simulator(needs_pacing=True)
    program = "".join(f"print({i})\n" for i in range(12))
    assert board.put(program, timeout=WAIT).verified
    chunks = upload_writes(board.transport.writes)[1:-1]
    assert all(w.count(b"\x05") == 1 and w.endswith(b"\x05") for w in chunks)
    assert all(len(w) == 17 for w in chunks[:-1]) and len(chunks[-1]) <= 17
    assert b"".join(w[:-1] for w in chunks) == program.encode()
    assert len(chunks) == -(-len(program) // 16)


def test_without_pacing_the_program_goes_in_one_write(simulator):
    board, _ = simulator(needs_pacing=False)
    program = "".join(f"print({i})\n" for i in range(12))
    assert board.put(program, timeout=WAIT).verified
    assert upload_writes(board.transport.writes) == [
        b"\x0feeprom.write()\n\x05", program.encode() + b"\x05", b"\x04\x0e\x05"]


def test_run_line_is_paced_too(simulator):
    board, console = simulator(needs_pacing=True)
    line = "print('" + "x" * 40 + "')"
    start = len(board.transport.writes)
    board.run_line(line)
    board.wait_prompt(WAIT)
    assert console.take() == "x" * 40 + "\n"
    sent = board.transport.writes[start:]
    assert b"".join(w[:-1] for w in sent) == b"\x0e" + line.encode() + b"\n"
    assert all(w.endswith(b"\x05") and len(w) <= 17 for w in sent)


# Fake devices: what the host firmware cannot be made to do.


class FakeDevice(Transport):
    """A scripted board: answer(data) returns the bytes the device sends back."""

    def __init__(self, answer: Callable[[bytes], bytes]) -> None:
        self.answer = answer
        self.cond = threading.Condition()
        self.pending = b""
        self.writes: list[bytes] = []
        self.opened = False

    def open(self) -> None:
        self.opened = True

    def close(self) -> None:
        with self.cond:
            self.opened = False
            self.cond.notify_all()

    @property
    def is_open(self) -> bool:
        return self.opened

    def write(self, data: bytes) -> None:
        if not self.opened:
            raise TransportClosed("closed")
        self.writes.append(data)
        reply = self.answer(data)
        with self.cond:
            self.pending += reply
            self.cond.notify_all()

    def read(self, timeout: float) -> bytes:
        with self.cond:
            self.cond.wait_for(lambda: self.pending or not self.opened, timeout)
            if not self.opened:
                raise TransportClosed("closed")
            data, self.pending = self.pending, b""
        return data


class UartBoard:
    """A scripted UART board: CR LF newlines, echo turned by ^N/^O, eeprom.write() until ^D,
    eeprom.show(1) between STX and ETX, and ACK for each ENQ (unless acks is False). With
    echoes False it does not echo an upload, as if its echo were lost on the way back."""

    def __init__(self, program: bytes = b"", *, acks: bool = True, echoes: bool = True) -> None:
        self.program = program
        self.acks = acks
        self.echoes = echoes
        self.echo = False
        self.upload: bytearray | None = None
        self.line = bytearray()

    def __call__(self, data: bytes) -> bytes:
        out = bytearray()
        for code in data:
            if code == 0x03:
                self.upload, self.line = None, bytearray()
                out += b"^C\r\n> "
            elif code in (0x0E, 0x0F):
                self.echo = code == 0x0F
            elif code == 0x05:
                out += b"\x06" if self.acks else b""
            elif self.upload is not None:
                if self.echo and self.echoes:
                    out += bytes([code]).replace(b"\n", b"\r\n")
                if code == 0x04:
                    self.program, self.upload = bytes(self.upload), None
                    out += b"> "
                else:
                    self.upload.append(code)
            else:
                if self.echo:
                    out += bytes([code]).replace(b"\n", b"\r\n")
                self.line.append(code)
                if code == 0x0A:
                    out += self.run(bytes(self.line[:-1]))
                    self.line = bytearray()
        return bytes(out)

    def run(self, line: bytes) -> bytes:
        if line == b"eeprom.write()":
            self.upload = bytearray()
            return b""
        if line == b"eeprom.show(1)":
            return b"\x02" + self.program.replace(b"\n", b"\r\n") + b"\x03> "
        if line == b"reset()":
            return b"Welcome to Snek 0.1.0\r\n> "
        if line == b")":
            return b'<stdin>:7 Syntax error at ")".\r\n> '   # what a board says
        return b"> "


@pytest.fixture
def fake() -> Iterator[Callable[..., tuple[Board, Console, FakeDevice]]]:
    boards: list[Board] = []

    def start(answer: Callable[[bytes], bytes], needs_pacing: bool = True):
        device = FakeDevice(answer)
        board = Board(device, needs_pacing=needs_pacing)
        console = Console(board)
        boards.append(board)
        board.start()
        return board, console, device

    yield start
    for board in boards:
        board.close()


def test_a_put_through_a_board_that_echoes_cr_lf_is_verified(fake):
    device_board = UartBoard(b"print(1)\n")
    board, _, device = fake(device_board)
    result = board.put("print(2)\nprint(3)\n", timeout=1)
    assert result.verified, result.message
    assert device_board.program == b"print(2)\nprint(3)\n"
    assert any(b"reset()" in w for w in device.writes)


def test_a_board_that_never_acks_still_takes_an_upload_it_echoes(fake):
    device_board = UartBoard(b"print(1)\n", acks=False)
    board, _, _ = fake(device_board)
    assert board.put("print(2)\n", timeout=0.3).verified
    assert device_board.program == b"print(2)\n"


def test_an_upload_whose_echo_does_not_come_is_never_ended_and_the_old_program_stays(fake):
    device_board = UartBoard(b"print(1)\n", echoes=False)
    board, _, device = fake(device_board)
    started = time.monotonic()
    result = board.put("print(2)\n", timeout=0.3)
    assert time.monotonic() - started < 10
    assert not result.verified
    assert result.message == board_module.KEPT_OLD
    assert result.stored == "print(1)\n"
    assert device_board.program == b"print(1)\n"
    # Tried STORE_TRIES times, each stopped with ^C before its ^D; never restarted.
    uploads = [w for w in device.writes if w.startswith(b"\x0feeprom.write()")]
    assert len(uploads) == board_module.STORE_TRIES
    assert not any(b"\x04" in w for w in device.writes)
    assert not any(b"reset()" in w for w in device.writes)


def test_a_silent_board_fails_every_wait_within_its_timeout(fake):
    board, _, _ = fake(lambda data: b"")
    calls = [
        (lambda: board.put("x = 1\n", timeout=0.3), board_module.PUT_LOST),
        (lambda: board.get(timeout=0.3), NOT_ANSWERING),
        (lambda: board.stop(timeout=0.3), NOT_ANSWERING),
        (lambda: board.reset(timeout=0.3), board_module.NO_RESTART),
        (lambda: board.wait_banner(timeout=0.3), NOT_ANSWERING),
    ]
    for call, message in calls:
        started = time.monotonic()
        with pytest.raises(DeviceError) as error:
            call()
        assert time.monotonic() - started < 2
        assert str(error.value) == message
    assert board.ping(timeout=0.2) is False


def test_get_normalises_cr_lf(fake):
    board, _, _ = fake(UartBoard(b"print(1)\nprint(2)\n"))
    assert board.get(timeout=1) == "print(1)\nprint(2)\n"


def test_a_board_that_keeps_something_else_is_reported(fake):
    class Stubborn(UartBoard):
        def run(self, line: bytes) -> bytes:
            if line == b"eeprom.show(1)":
                self.program = b"print(1)\n"   # whatever it was sent
            return super().run(line)

    board, _, device = fake(Stubborn(b"print(1)\n"))
    result = board.put("print(2)\n", timeout=1)
    assert not result.verified
    assert result.message == board_module.KEPT_OLD
    assert result.stored == "print(1)\n"
    assert not any(b"reset()" in w for w in device.writes)


def test_a_paced_line_to_a_vanished_board_is_dropped_with_a_message(fake):
    board, console, _ = fake(lambda data: b"")
    board.line_timeout = 0.2
    board.run_line("print('hello there, robot')")
    console.wait_text(board_module.LINE_DROPPED)


def test_control_characters_in_a_program_are_refused(fake):
    board, _, device = fake(UartBoard())
    result = board.put("x = 1\ny = '\x04'\n", timeout=1)
    assert not result.verified
    assert result.message.startswith("Line 2 of your program")
    assert device.writes == []


# One line per prompt: the board's parser decides whether a statement goes on.


def test_each_line_waits_for_the_prompt_that_asks_for_it(simulator):
    board, console = simulator(needs_pacing=False)
    start = len(board.transport.writes)
    board.run_line("for i in range(3)", tag="a")   # no colon: the board says so at once
    board.run_line("print(i)", tag="b")
    board.wait_prompt(WAIT)
    assert console.take() == ("<stdin>:1 Syntax error at end of line.\n"
                              "<stdin>:2 undefined: i\n")
    assert board.transport.writes[start:] == [b"\x0efor i in range(3)\n", b"\x0eprint(i)\n"]
    assert console.sent == [("a", 1, True), ("b", 2, True)]


def test_a_block_goes_on_at_the_continuation_prompt(simulator):
    board, console = simulator(needs_pacing=False)
    for line in ("def double(x):", "    return x * 2", ""):
        board.run_line(line, tag=line)
    board.run_line("print(double(21))", tag="call")
    board.wait_prompt(WAIT)
    assert console.take() == "42\n"
    assert console.sent == [("def double(x):", 1, True), ("    return x * 2", 2, False),
                            ("", 3, False), ("call", 4, True)]


def test_several_lines_stop_at_the_first_error_like_a_file(simulator):
    board, console = simulator(needs_pacing=False)
    board.run_line("x = 1\nprint(nope)\nprint('not reached')\nx = 2", tag="run")
    board.wait_prompt(WAIT)
    assert console.take() == "<stdin>:2 undefined: nope\n"
    assert [number for _, number, _ in console.sent] == [1, 2]
    assert console.dropped == ["run", "run"]
    board.run_line("print(x)")   # a new batch goes on
    board.wait_prompt(WAIT)
    assert console.take() == "1\n"


def test_line_numbers_match_the_boards_errors_across_stops_and_puts(simulator):
    board, console = simulator(needs_pacing=False)

    def error_number(line: str) -> tuple[int | None, str]:
        console.take()
        board.run_line(line, tag=line)
        board.wait_prompt(WAIT)
        return console.sent[-1][1], console.take()

    number, text = error_number("print(nope1)")
    assert text == f"<stdin>:{number} undefined: nope1\n"
    board.stop(timeout=WAIT)                     # ^C at an idle prompt reads no line
    number, text = error_number("print(nope2)")
    assert text == f"<stdin>:{number} undefined: nope2\n"
    board.run_line("print('a')\nwhile True: pass")  # ^C while running
    console.wait_text("a\n")
    board.stop(timeout=WAIT)
    assert board.get(timeout=WAIT) == ""
    number, text = error_number("print(nope3)")
    assert text == f"<stdin>:{number} undefined: nope3\n"
    assert board.put("x = 1\n", timeout=WAIT).verified   # restarts: the count starts again
    board.wait_prompt(WAIT)
    number, text = error_number("print(nope4)")
    assert (number, text) == (1, "<stdin>:1 undefined: nope4\n")


def test_stop_drops_the_lines_still_waiting(simulator):
    board, console = simulator(needs_pacing=False)
    board.run_line("print('go')\nwhile True: pass")
    console.wait_text("go\n")
    board.run_line("print('typed ahead')", tag="ahead")
    with pytest.raises(DeviceError):
        board.wait_prompt(0.2)   # the line waits for a prompt
    assert "ahead" not in [tag for tag, _, _ in console.sent]
    board.stop(timeout=WAIT)
    assert console.dropped == ["ahead"]
    assert "typed ahead" not in console.text


def test_an_answer_to_input_goes_at_once(simulator):
    board, console = simulator(needs_pacing=False)
    board.run_line("name = input('Name? ')", tag="ask")
    console.wait_text("Name? ")
    board.run_line("Ada", tag="answer", answer=True)
    board.run_line("print('hi', name)", tag="then")
    board.wait_prompt(WAIT)
    assert console.take() == "Name? hi Ada\n"
