# SPDX-License-Identifier: GPL-3.0-or-later
"""A Snek board on a transport: REPL lines, interrupt, Put, Get and reset, with timeouts."""

from __future__ import annotations

import logging
import queue
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from snekide.device import stream
from snekide.device.exceptions import NOT_ANSWERING, DeviceError
from snekide.device.transport import Transport

log = logging.getLogger(__name__)

CTRL_C = b"\x03"
CTRL_D = b"\x04"
ENQ = b"\x05"
CTRL_N = b"\x0e"
CTRL_O = b"\x0f"
DC4 = b"\x14"

#: Bytes sent between ENQs when pacing (boards behind a USB-serial bridge).
PACE = 16

TOO_BIG = re.compile(r"program too big: (\d+) bytes, room for (\d+)")
#: Lines that start a block: the REPL needs a blank line after them.
COMPOUND = re.compile(r"(if|elif|else|while|for|def|try|except|finally|with)\b")

STORED = "The robot now has your program."
DIFFERENT = "The robot did not keep your program: what came back was different."
PUT_LOST = ("The robot stopped answering while your program was being sent. "
            "Check the cable and press Put again.")
BUSY = "The robot did not get ready in time. If a program is running, press Stop."
NO_RESTART = "The robot did not restart. Check the cable and press Connect."
NO_PROGRAM = "The robot did not send back its program. Check the cable and press Connect."
LINE_DROPPED = "The robot did not answer, so your line was not sent. Check the cable and press Connect."


@dataclass(frozen=True)
class PutResult:
    """The outcome of an upload, with a message written for the student."""
    verified: bool
    message: str
    stored: str


def too_big_message(size: int, room: int) -> str:
    return f"Your program is too big for this robot: {size} bytes, it has room for {room}."


def block_lines(text: str) -> list[str]:
    """The lines to send for text typed at the REPL, with a blank line ending a block.

    Blank lines inside the text are left out (at the REPL a blank line ends a block).
    """
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    lines = [line for line in lines if line.strip()]
    if not lines:
        return [""]
    compound = any(COMPOUND.match(line.lstrip()) or line[0] in " \t" for line in lines)
    return lines + [""] if compound else lines


class _NoAck(Exception):
    """An ACK did not come in time during an upload."""


class Board:
    """Talks to one Snek board over a transport.

    A reader thread splits what the board sends (see stream.DeviceStream) and calls
    on_output(text), on_prompt() and on_disconnect(message) from that thread. REPL
    lines go through a writer thread, so run_line() never waits for the board.
    Every other method waits with a timeout and raises DeviceError with a plain
    message; they may be called from any thread.
    """

    #: How long the writer waits for an ACK before checking the board is still there.
    line_timeout = 10.0

    def __init__(self, transport: Transport, needs_pacing: bool = True) -> None:
        self.transport = transport
        self.needs_pacing = needs_pacing
        self.on_output: Callable[[str], None] | None = None
        self.on_prompt: Callable[[], None] | None = None
        self.on_disconnect: Callable[[str], None] | None = None
        self._stream = stream.DeviceStream()
        self._cond = threading.Condition()
        self._op = threading.RLock()          # one protocol operation at a time
        self._write_lock = threading.Lock()   # whole writes, never interleaved
        self._queue: queue.Queue[tuple[int, bytes]] = queue.Queue()
        self._gen = 0                         # bumped to drop queued lines
        self._stopping = threading.Event()
        self._reader: threading.Thread | None = None
        self._writer: threading.Thread | None = None
        self._closed: str | None = None       # the disconnect message, once closed
        # Counters of what the board sent, guarded by _cond.
        self._prompts = 0                     # main and continuation prompts
        self._expected = 0                    # prompts due before the board is idle
        self._after_interrupt: int | None = None  # lines sent since a ^C not yet answered
        self._acks = 0
        self._echoes = 0
        self._banners = 0
        self._prompts_at_banner = 0
        self._interrupts = 0
        self._prompts_at_interrupt = 0
        self._programs = 0
        self._program = b""
        self._lines: deque[str] = deque(maxlen=500)
        self._line_count = 0
        self._quiet = 0                       # ^C lines not to show (our own interrupts)

    # Life cycle

    def start(self) -> None:
        """Open the transport if needed and start listening."""
        if self._reader is not None:
            return
        if not self.transport.is_open:
            self.transport.open()
        if self.transport.boots_on_open:
            with self._cond:
                self._expected = 1   # the prompt after the banner and the stored program
        self._reader = threading.Thread(target=self._read_loop, name="snek-board-reader",
                                        daemon=True)
        self._writer = threading.Thread(target=self._write_loop, name="snek-board-writer",
                                        daemon=True)
        self._reader.start()
        self._writer.start()
        if not self.transport.boots_on_open:
            # The board did not restart, so no prompt is coming: a blank line asks for one
            # (a port opened without a reset, like avrsim's pty).
            self.run_line("")

    def close(self) -> None:
        """Stop listening and close the transport (on_disconnect is not called)."""
        self._stopping.set()
        self._flush_pending()
        with self._cond:
            if self._closed is None:
                self._closed = "The robot is disconnected. Press Connect."
            self._cond.notify_all()
        for thread in (self._writer, self._reader):
            if thread is not None and thread is not threading.current_thread():
                thread.join(timeout=5)
        self.transport.close()

    @property
    def connected(self) -> bool:
        return self._reader is not None and self._closed is None

    # The REPL

    def run_line(self, text: str) -> None:
        """Send text typed at the REPL (one line or a block); returns at once."""
        self._check_open()
        lines = block_lines(text)
        data = b"".join(CTRL_N + line.encode("utf-8") + b"\n" for line in lines)
        with self._cond:
            if self._after_interrupt is not None:
                self._after_interrupt += len(lines)
            else:
                self._expected = max(self._expected, self._prompts) + len(lines)
            gen = self._gen
        self._queue.put((gen, data))

    def interrupt(self) -> None:
        """Drop unsent lines and stop whatever the board is running (`0F 03 0E`)."""
        self._check_open()
        self._flush_pending()
        self.transport.discard_output()
        with self._cond:
            self._after_interrupt = 0
        self._write(CTRL_O + CTRL_C + CTRL_N)

    def stop(self, timeout: float = 3) -> None:
        """Interrupt, then turn every motor off with stopall(); wait until the board is ready."""
        self._check_open()
        self._flush_pending()
        with self._op:
            mark = self._mark_interrupt()
            self.interrupt()
            self._wait_interrupted(mark, timeout)
            self._command(b"stopall()", timeout)

    def wait_prompt(self, timeout: float = 3) -> None:
        """Wait until the board has answered every line sent and shows its `> ` prompt."""
        self._wait(lambda: self._after_interrupt is None and self._prompts >= self._expected,
                   timeout, BUSY)

    def ping(self, timeout: float = 0.5) -> bool:
        """Send DC4 and tell whether the board echoed it (it does even while busy)."""
        self._check_open()
        with self._cond:
            mark = self._echoes
        self._write(DC4)
        try:
            self._wait(lambda: self._echoes > mark, timeout, NOT_ANSWERING)
        except DeviceError:
            return False
        return True

    def wait_banner(self, timeout: float = 3) -> None:
        """Wait for the `Welcome to Snek` line of a board that was just reset or plugged in."""
        with self._cond:
            mark = self._banners
        self._wait(lambda: self._banners > mark, timeout, NOT_ANSWERING)

    # Program storage

    def reset(self, timeout: float = 3) -> bool:
        """Restart the board: it runs its stored program, then its REPL.

        Returns True once the `> ` prompt came, False if the stored program is still
        running after timeout (a robot program often runs for ever). Raises
        DeviceError if the board did not restart at all.
        """
        self._check_open()
        self._flush_pending()
        with self._op:
            with self._cond:
                self._quiet += 1
                self._after_interrupt = 0
            return self._reset(CTRL_N + CTRL_C + b"reset()\n", timeout)

    def get(self, timeout: float = 3) -> str:
        """The program stored on the board (stops what the board is running)."""
        self._check_open()
        self._flush_pending()
        with self._op:
            return self._get(timeout)

    def put(self, program: str, progress: Callable[[int, int], None] | None = None,
            timeout: float = 3) -> PutResult:
        """Store program on the board, read it back to check it, then restart the board.

        Each wait lasts at most timeout seconds. If an ACK goes missing, the upload
        is stopped with ^C (the board keeps its old program) and tried once more;
        then DeviceError is raised.
        """
        self._check_open()
        text = program.replace("\r\n", "\n").replace("\r", "\n")
        if text and not text.endswith("\n"):
            text += "\n"
        bad = _hidden_character(text)
        if bad is not None:
            return PutResult(False, f"Line {bad} of your program has a hidden special "
                             "character. Delete that line's end and type it again.", "")
        data = text.encode("utf-8")
        payload = b"eeprom.write()\n" + data + CTRL_D
        self._flush_pending()
        with self._op:
            for attempt in (1, 2):
                self._sync(timeout)
                with self._cond:
                    lines_mark = self._line_count
                try:
                    self._send_paced(payload, progress, len(data), timeout)
                    break
                except _NoAck:
                    if attempt == 2:
                        # Leave the board at its prompt, if it is still listening.
                        try:
                            self._sync(timeout)
                        except DeviceError:
                            pass
                        raise DeviceError(PUT_LOST) from None
            # The final ACK came after eeprom.write() returned: its messages are in.
            refused = self._write_refused(lines_mark)
            if refused is not None:
                return PutResult(False, refused, self._get(timeout))
            stored = self._get(timeout)
            if stored != text:
                return PutResult(False, DIFFERENT, stored)
            # Wait for the banner only: a robot program may run for ever.
            self._reset(CTRL_N + b"reset()\n", timeout, wait_prompt=False)
            return PutResult(True, STORED, stored)

    # Protocol steps (call with _op held)

    def _sync(self, timeout: float) -> None:
        """Interrupt quietly and wait for the `^C` and the prompt after it."""
        mark = self._mark_interrupt(quiet=True)
        with self._cond:
            self._after_interrupt = 0
        self._write(CTRL_N + CTRL_C)
        self._wait_interrupted(mark, timeout)

    def _mark_interrupt(self, quiet: bool = False) -> int:
        with self._cond:
            if quiet:
                self._quiet += 1
            return self._interrupts

    def _wait_interrupted(self, mark: int, timeout: float) -> None:
        try:
            self._wait(lambda: self._interrupts > mark and self._prompts > self._prompts_at_interrupt,
                       timeout, NOT_ANSWERING)
        except DeviceError:
            with self._cond:
                self._quiet = 0   # the ^C we meant to hide never came
            raise
        with self._cond:
            self._expected = self._prompts

    def _command(self, line: bytes, timeout: float) -> None:
        """Run one line at an idle prompt and wait for the next prompt."""
        with self._cond:
            mark = self._prompts
            self._expected = mark + 1
        self._write(CTRL_N + line + b"\n")
        self._wait(lambda: self._prompts > mark, timeout, NOT_ANSWERING)

    def _get(self, timeout: float) -> str:
        with self._cond:
            mark = self._programs
            self._quiet += 1
            self._after_interrupt = 1   # the prompt after eeprom.show(1)
        self._write(CTRL_N + CTRL_C + b"eeprom.show(1)\n")
        try:
            self._wait(lambda: self._programs > mark, timeout, NO_PROGRAM)
        except DeviceError:
            with self._cond:
                self._quiet = 0   # the ^C we meant to hide never came
            raise
        with self._cond:
            data = self._program
        return data.decode("utf-8", errors="replace").replace("\r\n", "\n")

    def _reset(self, command: bytes, timeout: float, wait_prompt: bool = True) -> bool:
        with self._cond:
            mark = self._banners
        self._write(command)
        self._wait(lambda: self._banners > mark, timeout, NO_RESTART)
        with self._cond:
            self._expected = self._prompts_at_banner + 1
        if not wait_prompt:
            return False
        try:
            self._wait(lambda: self._prompts > self._prompts_at_banner, timeout, BUSY)
        except DeviceError:
            if self._closed is not None:
                raise
            return False
        return True

    def _send_paced(self, payload: bytes, progress: Callable[[int, int], None] | None,
                    size: int, timeout: float) -> None:
        """Send payload, an ENQ after every PACE bytes (or once at the end without pacing)."""
        step = PACE if self.needs_pacing else max(len(payload), 1)
        header = len(payload) - size - 1
        for start in range(0, len(payload), step):
            with self._cond:
                mark = self._acks
            self._write(payload[start:start + step] + ENQ)
            try:
                self._wait(lambda: self._acks > mark, timeout, NOT_ANSWERING)
            except DeviceError:
                if self._closed is not None:
                    raise
                raise _NoAck() from None
            if progress is not None:
                sent = min(size, max(0, start + step - header))
                _call(progress, sent, size)

    def _write_refused(self, lines_mark: int) -> str | None:
        """A message if eeprom.write() printed an error instead of storing the program."""
        with self._cond:
            fresh = list(self._lines)[max(0, len(self._lines) - (self._line_count - lines_mark)):]
        for line in fresh:
            found = TOO_BIG.search(line)
            if found:
                return too_big_message(int(found.group(1)), int(found.group(2)))
        for line in fresh:
            if re.match(r"\S+:\d+ ", line):
                return f"The robot could not store your program: {line.split(' ', 1)[1]}"
        return None

    # Threads

    def _read_loop(self) -> None:
        while not self._stopping.is_set():
            try:
                data = self.transport.read(0.1)
            except DeviceError as error:
                self._lost(error.message)
                return
            except Exception:  # a bug must not leave waiters hanging
                log.exception("reading from the board failed")
                self._lost(self.transport.disconnect_message)
                return
            if data:
                self._handle(self._stream.feed(data))

    def _handle(self, events: list[stream.Event]) -> None:
        text: list[str] = []
        for event in events:
            if isinstance(event, stream.Text):
                text.append(event.text)
                continue
            if isinstance(event, stream.Prompt):
                self._output(text)
                with self._cond:
                    self._prompts += 1
                    self._cond.notify_all()
                if event.main and self.on_prompt is not None:
                    _call(self.on_prompt)
                continue
            with self._cond:
                if isinstance(event, stream.Line):
                    self._lines.append(event.text)
                    self._line_count += 1
                    if event.text.startswith(stream.BANNER):
                        self._banners += 1
                        self._prompts_at_banner = self._prompts
                elif isinstance(event, stream.Interrupted):
                    self._interrupts += 1
                    self._prompts_at_interrupt = self._prompts
                    if self._after_interrupt is not None:
                        self._expected = self._prompts + 1 + self._after_interrupt
                        self._after_interrupt = None
                    if self._quiet:
                        self._quiet -= 1
                    else:
                        text.append(stream.INTERRUPTED)
                elif isinstance(event, stream.Ack):
                    self._acks += 1
                elif isinstance(event, stream.Echo):
                    self._echoes += 1
                elif isinstance(event, stream.Program):
                    self._program = event.data
                    self._programs += 1
                self._cond.notify_all()
        self._output(text)

    def _output(self, text: list[str]) -> None:
        if text and self.on_output is not None:
            _call(self.on_output, "".join(text))
        text.clear()

    def _lost(self, message: str) -> None:
        with self._cond:
            already = self._closed is not None
            if not already:
                self._closed = message
            self._cond.notify_all()
        self._flush_pending()
        if not already and not self._stopping.is_set() and self.on_disconnect is not None:
            _call(self.on_disconnect, message)

    def _write_loop(self) -> None:
        while not self._stopping.is_set():
            try:
                gen, data = self._queue.get(timeout=0.1)
            except queue.Empty:
                continue
            with self._op:
                if gen != self._gen or self._closed is not None:
                    continue
                try:
                    self._send_line(gen, data)
                except DeviceError:
                    self._flush_pending()

    def _send_line(self, gen: int, data: bytes) -> None:
        if not self.needs_pacing:
            self._write(data)
            return
        for start in range(0, len(data), PACE):
            with self._cond:
                mark = self._acks
            self._write(data[start:start + PACE] + ENQ)
            while True:
                with self._cond:
                    done = self._cond.wait_for(
                        lambda: self._acks > mark or self._gen != gen or self._closed is not None,
                        self.line_timeout)
                    if self._gen != gen or self._closed is not None:
                        return
                if done:
                    break
                # No ACK: a busy board still echoes DC4; a gone one does not.
                if not self.ping(1.0):
                    self._flush_pending()
                    if self.on_output is not None:
                        _call(self.on_output, "\n" + LINE_DROPPED + "\n")
                    return

    # Helpers

    def _flush_pending(self) -> None:
        """Forget REPL lines not sent yet (and wake a writer waiting for an ACK)."""
        with self._cond:
            self._gen += 1
            while True:
                try:
                    self._queue.get_nowait()
                except queue.Empty:
                    break
            self._cond.notify_all()

    def _check_open(self) -> None:
        if self._reader is None:
            raise DeviceError("The robot is not connected yet. Press Connect.")
        if self._closed is not None:
            raise DeviceError(self._closed)

    def _write(self, data: bytes) -> None:
        self._check_open()
        with self._write_lock:
            self.transport.write(data)

    def _wait(self, ready: Callable[[], bool], timeout: float, message: str) -> None:
        deadline = time.monotonic() + timeout
        with self._cond:
            while not ready():
                if self._closed is not None:
                    raise DeviceError(self._closed)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise DeviceError(message)
                self._cond.wait(left)


def _hidden_character(text: str) -> int | None:
    """The number of the first line holding a control character the upload would trip on."""
    for number, line in enumerate(text.split("\n"), start=1):
        if any(ord(ch) < 32 and ch != "\t" for ch in line):
            return number
    return None


def _call(callback: Callable[..., None], *args: object) -> None:
    try:
        callback(*args)
    except Exception:
        log.exception("a board callback failed")
