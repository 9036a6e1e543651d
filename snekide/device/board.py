# SPDX-License-Identifier: GPL-3.0-or-later
"""A Snek board on a transport: REPL lines, interrupt, Put, Get and reset, with timeouts."""

from __future__ import annotations

import logging
import queue
import re
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from snekide.device import protocol, stream
from snekide.device.console_lines import ConsoleLines
from snekide.device.errors import ERROR_LINE
from snekide.device.exceptions import NOT_ANSWERING, DeviceError
from snekide.device.protocol import (CTRL_C, CTRL_D, CTRL_N, CTRL_O, DC4, ENQ, INTERRUPT,
                                     LINE_END, QUIET_INTERRUPT, byte, command)
from snekide.device.transport import Transport

log = logging.getLogger(__name__)

#: Bytes sent between ENQs when pacing (boards behind a USB-serial bridge).
PACE = 16
#: Uploads of the new program tried before giving up; then, if the board holds neither,
#: tries to put the old one or the new one back.
STORE_TRIES = 3
RESTORE_TRIES = 6
#: Reads of the stored program tried. Three must agree before the IDE believes them, or two
#: if they give a program it expects (the one it sent, or the one it read before): a byte
#: lost at the same place in two reads is rare, but not rare enough on a noisy line.
READ_TRIES = 8
AGREE = 3
AGREE_EXPECTED = 2
#: Interrupts tried before deciding the board stopped answering (each may be lost on the line).
SYNC_TRIES = 3
#: No board stores a longer program (the host build's largest storage holds 65,534 bytes).
MAX_PROGRAM = 65536
#: How long an echo may trail the ACK that follows it before the IDE gives up on it.
ECHO_GRACE = 0.2

TOO_BIG = re.compile(r"program too big: (\d+) bytes, room for (\d+)")

STORED = "The robot now has your program."
STORED_NO_RESTART = ("The robot now has your program, but it did not restart. "
                     "Press Reset to run it.")
KEPT_OLD = ("Your program did not reach the robot whole, so the robot kept its old program. "
            "Check the cable and press Put again.")
DIFFERENT = "The robot did not keep your program: what came back was different."
UNSURE = ("The robot's answers were garbled, so it may not have your program. "
          "Check the cable and press Put again.")
NOT_SENT = ("The robot's answers were garbled, so your program was not sent and the robot "
            "kept its old one. Check the cable and press Put again.")
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


@dataclass(frozen=True)
class _Line:
    """A line waiting for the board's prompt (see Board.run_line)."""
    text: str
    tag: object
    batch: Hashable | None
    gen: int
    #: Sent only if the board still asks for more (`+ `): a blank line that ends a block.
    ending: bool = False


class Board:
    """Talks to one Snek board over a transport.

    A reader thread splits what the board sends (see stream.DeviceStream) and calls
    on_output(text), on_prompt(main) and on_disconnect(message) from that thread.
    REPL lines go through a writer thread, so run_line() never waits for the board:
    it sends one line each time the board asks for one with its prompt, as a student
    at a terminal would, so the board's parser decides whether a statement goes on.
    It reports each line as it goes (on_line_sent) or when it is dropped
    (on_lines_dropped). Every other method waits with a timeout and raises
    DeviceError with a plain message; they may be called from any thread.
    """

    #: How long the writer waits for an ACK before checking the board is still there.
    line_timeout = 10.0

    def __init__(self, transport: Transport, needs_pacing: bool = True) -> None:
        self.transport = transport
        self.needs_pacing = needs_pacing
        self.on_output: Callable[[str], None] | None = None
        #: The board waits for a line (main: at `> `, else at `+ `) and nothing is in flight.
        self.on_prompt: Callable[[bool], None] | None = None
        #: A line from run_line went out: (its tag, its console line number or None, main).
        self.on_line_sent: Callable[[object, int | None, bool], None] | None = None
        #: Lines from run_line that will never be sent (Stop, Put, an error in their batch).
        self.on_lines_dropped: Callable[[list[object]], None] | None = None
        self.on_disconnect: Callable[[str], None] | None = None
        self._stream = stream.DeviceStream()
        self._cond = threading.Condition()
        self._op = threading.RLock()          # one protocol operation at a time
        self._write_lock = threading.Lock()   # whole writes, never interleaved
        self._queue: queue.Queue[_Line] = queue.Queue()
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
        # Reads of the stored program (Board._read_once): a program counts only once the prompt
        # after its ETX has come; anything else after it, or a lost ETX, is a bad read.
        self._reads = 0
        self._bad_reads = 0
        self._read_data = b""
        self._unconfirmed: bytes | None = None  # a program whose prompt has not come yet
        # What the board echoed of an upload (Board._store), and whether it echoed the ^D.
        self._echoed = bytearray()
        self._input_ended = False
        self._prompts_at_end = 0              # prompts when the ^D's echo came
        self._storing = False                 # an upload is on: console text is not shown
        # The stream is fed by the reader thread and told what to expect by the others.
        self._feed_lock = threading.Lock()
        self._lines: deque[str] = deque(maxlen=500)
        self._line_count = 0
        self._quiet = 0                       # ^C lines not to show (our own interrupts)
        self._lines_read = ConsoleLines()     # the number the board gives each console line
        self._main = True                     # the last prompt was `> `
        self._batch: Hashable | None = None   # batch of the last line sent
        self._queued = 0                      # lines from run_line not sent or dropped yet
        # _find_line_number: 0 idle, 1 its error line is due, 2 the prompt after it is due.
        self._probing = 0
        self._failed: set[Hashable] = set()   # batches that met an error: the rest is dropped

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

    def run_line(self, text: str, tag: object = None, *, finish: bool | None = None,
                 answer: bool = False) -> None:
        """Queue text for the REPL; returns at once. Each of its lines waits for the board's
        next prompt, as if typed then; on_line_sent(tag, ...) tells when each goes.

        Text of several lines is one batch (see run_lines) and is finished (finish=False
        leaves it open). With answer, the text goes at once, without waiting for a prompt:
        the answer to a program's input().
        """
        self._check_open()
        if answer:
            self._write(command(text.encode("utf-8")))
            return
        lines = text.split("\n")
        self.run_lines([(line, tag) for line in lines],
                       finish=len(lines) > 1 if finish is None else finish)

    def run_lines(self, lines: Sequence[tuple[str, object]], finish: bool = True) -> None:
        """Queue lines (text, tag) as one batch: each waits for the board's next prompt, and
        the rest is dropped (on_lines_dropped) after the first error the board prints, as a
        file stops. If finish and the board still asks for more after the last line (`+ `),
        a blank line ends the block. A batch of one line is a typed line: an error does
        not drop what comes after it."""
        self._check_open()
        batch = object() if len(lines) > 1 else None
        with self._cond:
            gen = self._gen
        items = [_Line(text, tag, batch, gen) for text, tag in lines]
        if finish:
            items.append(_Line("", None, batch, gen, ending=True))
        with self._cond:
            self._queued += len(items)
        for item in items:
            self._queue.put(item)

    @property
    def console_line(self) -> int | None:
        """The number of the console line the board waits for (None while unknown)."""
        with self._cond:
            return self._lines_read.current

    def interrupt(self) -> None:
        """Drop unsent lines and stop whatever the board is running (`0F 03 0E`)."""
        self._check_open()
        self._flush_pending()
        self.transport.discard_output()
        with self._cond:
            self._after_interrupt = 0
        self._write(INTERRUPT)

    def cancel(self, timeout: float = 3) -> None:
        """Forget a half-typed statement: ^C, and wait for the fresh prompt (nothing else stops:
        the motors keep going)."""
        self._check_open()
        self._flush_pending()
        with self._op:
            mark = self._mark_interrupt()
            self.interrupt()
            self._wait_interrupted(mark, timeout)

    def stop(self, timeout: float = 3, quiet: bool = False) -> None:
        """Interrupt, then turn every motor off with stopall(); wait until the board is ready.
        quiet: the board's `^C` is not shown (before Run, say)."""
        self._check_open()
        self._flush_pending()
        with self._op:
            mark = self._mark_interrupt(quiet)
            self.interrupt()
            self._wait_interrupted(mark, timeout)
            self._command(protocol.STOP_ALL_COMMAND, timeout)
            self._find_line_number(timeout)

    def wait_prompt(self, timeout: float = 3) -> None:
        """Wait until the board has answered every line queued and waits at a prompt."""
        self._wait(lambda: self._idle() and not self._queued, timeout, BUSY)

    def ping(self, timeout: float = 0.5) -> bool:
        """Send DC4 and tell whether the board echoed it (it does even while busy)."""
        self._check_open()
        with self._cond:
            mark = self._echoes
        self._write(byte(DC4))
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
            return self._reset(QUIET_INTERRUPT + protocol.RESET_COMMAND + LINE_END, timeout)

    def get(self, timeout: float = 3) -> str:
        """The program stored on the board (stops what the board is running)."""
        self._check_open()
        self._flush_pending()
        with self._op:
            data = self._read_stored(timeout)
            self._find_line_number(timeout)
        if data is None:
            raise DeviceError(NO_PROGRAM)
        return _text(data)

    def put(self, program: str, progress: Callable[[int, int], None] | None = None,
            timeout: float = 3) -> PutResult:
        """Store program on the board, read it back to check it, then restart the board.

        The result is verified only if the board holds exactly these bytes; after a Put that
        is not, it holds its old program or the new one, as far as the IDE can make sure
        (see _put). Each wait lasts at most timeout seconds. DeviceError if the board stopped
        answering.
        """
        self._check_open()
        text = protocol.program_text(program)
        bad = _hidden_character(text)
        if bad is not None:
            return PutResult(False, f"Line {bad} of your program has a hidden special "
                             "character. Delete that line's end and type it again.", "")
        self._flush_pending()
        with self._op:
            try:
                result = self._put(text.encode("utf-8"), progress, timeout)
            except DeviceError as error:
                if self._closed is not None:
                    raise
                raise DeviceError(PUT_LOST) from error
            if not result.verified:
                self._find_line_number(timeout)
            return result

    # Protocol steps (call with _op held)

    def _sync(self, timeout: float) -> None:
        """Interrupt quietly and wait for the `^C` and the prompt after it."""
        mark = self._mark_interrupt(quiet=True)
        with self._cond:
            self._after_interrupt = 0
        self.transport.resume_output()
        self._write(QUIET_INTERRUPT)
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
        self._write(command(line))
        self._wait(lambda: self._prompts > mark, timeout, NOT_ANSWERING)

    def _find_line_number(self, timeout: float) -> None:
        """Learn which console line the board is at: after an interrupt it is uncertain (a
        line on its way may have been read or dropped). A line the board refuses at once
        names its number; neither it nor its error is shown."""
        try:
            self._wait(self._idle, timeout, NOT_ANSWERING)
            with self._cond:
                self._expected = self._prompts + 1
                self._probing = 1
                self._batch = None
            self._write(command(protocol.LINE_NUMBER_PROBE))
            self._wait(lambda: not self._probing, timeout, NOT_ANSWERING)
        except DeviceError:
            if self._closed is not None:
                raise
            with self._cond:   # a board that does not say: numbers stay unknown
                self._lines_read.current = None
                self._expected = self._prompts
        finally:
            with self._cond:
                self._probing = 0

    def _ready(self, timeout: float) -> None:
        """Interrupt until the board waits at its prompt with echo off. A ^C or its answer may
        be lost on the line, so a board that still echoes DC4 gets another; DeviceError if it
        does not."""
        for _ in range(SYNC_TRIES):
            try:
                self._sync(timeout)
                return
            except DeviceError:
                if self._closed is not None or not self._answers(timeout):
                    raise
        raise DeviceError(NOT_ANSWERING)

    def _answers(self, timeout: float) -> bool:
        return any(self.ping(min(timeout, 1.0)) for _ in range(3))

    def _put(self, data: bytes, progress: Callable[[int, int], None] | None,
             timeout: float) -> PutResult:
        """Upload, read back, and upload again while what the board holds is not data.

        The board keeps an upload only when its ^D comes, and _store sends the ^D only once
        the board echoed every byte as sent. Faults on both sides of the line (a byte lost
        going and its neighbour doubled coming back), or a byte turned into ^D on its way,
        can still make it keep something else: the read-back finds it, and if the new
        program will not go, the old one, read first, or the new one, whichever is shorter,
        is put back. Nothing is sent unless the old program could be read.
        """
        old = self._read_stored(timeout)
        if old is None:   # it could not be put back: leave it
            return PutResult(False, NOT_SENT, "")
        stored: bytes | None = old
        for _ in range(STORE_TRIES):
            refused = self._store(data, progress, timeout)
            stored = self._read_stored(timeout, (data, old))
            if stored == data:
                return self._restart(data, timeout)
            if refused is not None:
                return PutResult(False, refused, _text(stored or b""))
        if stored not in (old, data):
            # Either will do: the shorter has the better chance on a noisy line.
            fallback = min((old, data), key=len)
            for _ in range(RESTORE_TRIES):
                self._store(fallback, None, timeout)
                stored = self._read_stored(timeout, (old, data))
                if stored in (old, data):
                    break
        if stored == data:
            return self._restart(data, timeout)
        if stored is None:
            return PutResult(False, UNSURE, "")
        return PutResult(False, KEPT_OLD if stored == old else DIFFERENT, _text(stored))

    def _restart(self, data: bytes, timeout: float) -> PutResult:
        """The board holds data: restart it to run it, waiting only for the banner (a robot
        program may run for ever)."""
        for _ in range(2):
            try:
                self._reset(command(protocol.RESET_COMMAND), timeout, wait_prompt=False)
                return PutResult(True, STORED, _text(data))
            except DeviceError:
                if self._closed is not None:
                    raise
                self._ready(timeout)
        return PutResult(True, STORED_NO_RESTART, _text(data))

    def _store(self, data: bytes, progress: Callable[[int, int], None] | None,
               timeout: float) -> str | None:
        """Send data to eeprom.write() with echo on, and its ^D only once the board has echoed
        the command and every byte as sent; else stop the upload with ^C (a board that holds
        uploads in memory keeps its old program; a small chip's is then empty). Returns the
        board's refusal in words for the student, or None."""
        self._ready(timeout)
        with self._cond:
            lines_mark = self._line_count
            self._echoed = bytearray()
            self._input_ended = False
            self._prompts_at_end = 0
            self._storing = True
        with self._feed_lock:
            self._stream.expect_echo()
        expected = bytearray()
        try:
            if progress is not None:
                _call(progress, 0, len(data))
            head = protocol.STORE_COMMAND + LINE_END
            whole = self._send_echoed(byte(CTRL_O) + head, head, expected, timeout)
            step = PACE if self.needs_pacing else max(len(data), 1)
            for start in range(0, len(data), step):
                chunk = data[start:start + step]
                whole = whole and self._send_echoed(chunk, chunk, expected, timeout)
                if not whole:
                    break
                if progress is not None:
                    _call(progress, start + len(chunk), len(data))
            if whole:
                with self._cond:
                    mark = self._acks
                self._write(byte(CTRL_D) + byte(CTRL_N) + byte(ENQ))
                # The board echoes the ^D, prints what eeprom.write() says and its prompt,
                # then ACKs; an ACK that came late for the last chunk may come before.
                self._wait_quietly(lambda: self._stored_prompt() or self._acks > mark, timeout)
                self._wait_quietly(self._stored_prompt, min(timeout, ECHO_GRACE))
                with self._cond:
                    whole = self._input_ended and self._echo_matches(bytes(expected)) is True
            if not whole:
                self._abort(timeout)
                return None
            return self._write_refused(lines_mark)
        finally:
            with self._feed_lock:
                self._stream.end_echo()
            with self._cond:
                self._storing = False
                self._after_interrupt = None
                self._expected = self._prompts

    def _send_echoed(self, data: bytes, echo: bytes, expected: bytearray,
                     timeout: float) -> bool:
        """Send data and an ENQ; True once the board has echoed echo after expected, exactly."""
        expected += echo
        target = bytes(expected)
        with self._cond:
            mark = self._acks
        self._write(data + byte(ENQ))
        self._wait_quietly(lambda: self._echo_matches(target) is not None or self._acks > mark,
                           timeout)
        # The ACK comes after the echo it follows (a doubled ACK may come before it); and
        # after the echo, the ACK, so that it is not taken for the next chunk's.
        self._wait_quietly(lambda: self._echo_matches(target) is not None,
                           min(timeout, ECHO_GRACE))
        with self._cond:
            if self._echo_matches(target) is not True:
                return False
        self._wait_quietly(lambda: self._acks > mark, min(timeout, ECHO_GRACE))
        return True

    def _stored_prompt(self) -> bool:
        """The board echoed an upload's ^D and printed a prompt since (call with _cond)."""
        return self._input_ended and self._prompts > self._prompts_at_end

    def _echo_matches(self, target: bytes) -> bool | None:
        """Whether the echo so far is target (True), can still become it (None), or cannot
        (False). A UART board echoes LF as CR LF. Call with _cond."""
        echo = bytes(self._echoed)
        if echo.endswith(b"\r"):   # the start of a CR LF, or a stray CR
            done = protocol.lf_bytes(echo[:-1])
            return None if target[len(done):].startswith(b"\n") and target.startswith(done) \
                else False
        done = protocol.lf_bytes(echo)
        if done == target:
            return True
        return None if target.startswith(done) else False

    def _abort(self, timeout: float) -> None:
        """Stop an upload the board may still be reading, and wait until it has: the ENQ after
        the ^C is answered only after what the board sent before (kept as echo, not shown)."""
        with self._cond:
            mark = self._acks
        self._write(byte(CTRL_C) + byte(CTRL_N) + byte(ENQ))
        self._wait_quietly(lambda: self._acks > mark, timeout)

    def _read_stored(self, timeout: float, expected: Sequence[bytes] = ()) -> bytes | None:
        """The stored program, once enough reads agree byte for byte (AGREE, or
        AGREE_EXPECTED for one of expected); None if they never did."""
        seen: Counter[bytes] = Counter()
        for _ in range(READ_TRIES):
            data = self._read_once(timeout)
            if data is None:
                continue
            data = protocol.lf_bytes(data)
            seen[data] += 1
            if seen[data] >= (AGREE_EXPECTED if data in expected else AGREE):
                return data
        return None

    def _read_once(self, timeout: float) -> bytes | None:
        """One eeprom.show(1): the bytes between STX and ETX when the prompt came right after
        them, else None. The ENQ after the command is answered after all of it, so a lost ETX
        or prompt costs no more than the ACK's coming."""
        self._ready(timeout)
        with self._cond:
            reads, bad, acks = self._reads, self._bad_reads, self._acks
            self._unconfirmed = None
            self._expected = self._prompts + 1
        with self._feed_lock:
            self._stream.expect_program(MAX_PROGRAM)
        try:
            self._write(command(protocol.SHOW_COMMAND) + byte(ENQ))
            self._wait_quietly(lambda: (self._reads > reads or self._bad_reads > bad
                                        or self._acks > acks), timeout)
        finally:
            with self._feed_lock:
                self._stream.forget_program()
        with self._cond:
            self._unconfirmed = None
            return self._read_data if self._reads > reads else None

    def _wait_quietly(self, ready: Callable[[], bool], timeout: float) -> bool:
        """Wait like _wait, but a timeout only returns False (a board gone still raises)."""
        try:
            self._wait(ready, timeout, NOT_ANSWERING)
        except DeviceError:
            if self._closed is not None:
                raise
            return False
        return True

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
                with self._feed_lock:
                    events = self._stream.feed(data)
                self._handle(events)

    def _handle(self, events: list[stream.Event]) -> None:
        text: list[str] = []
        for event in events:
            if self._unconfirmed is not None and not isinstance(event, stream.Prompt):
                with self._cond:   # a program must be followed by the prompt, and nothing else
                    self._unconfirmed = None
                    self._bad_reads += 1
                    self._cond.notify_all()
            if isinstance(event, stream.Text):
                if not self._probing and not self._storing:
                    text.append(event.text)
                continue
            if isinstance(event, stream.Prompt):
                self._output(text)
                with self._cond:
                    if self._unconfirmed is not None:
                        self._read_data, self._unconfirmed = self._unconfirmed, None
                        self._reads += 1
                    if self._probing == 2:
                        self._probing = 0   # the prompt after the probe's answer
                    self._prompts += 1
                    self._main = event.main
                    self._lines_read.prompt()
                    ready = self._idle()
                    self._cond.notify_all()
                if ready and self.on_prompt is not None:
                    _call(self.on_prompt, event.main)
                continue
            with self._cond:
                if isinstance(event, stream.Line) and self._probing:
                    found = ERROR_LINE.match(event.text)
                    if found and self._probing == 1:
                        self._lines_read.found(int(found.group("line")))
                        self._probing = 2
                elif isinstance(event, stream.Line):
                    self._lines.append(event.text)
                    self._line_count += 1
                    if event.text.startswith(protocol.BANNER):
                        self._banners += 1
                        self._prompts_at_banner = self._prompts
                        self._lines_read.booted()
                        self._batch = None
                    elif self._batch is not None and ERROR_LINE.match(event.text):
                        self._failed.add(self._batch)
                elif isinstance(event, stream.Interrupted):
                    self._interrupts += 1
                    self._prompts_at_interrupt = self._prompts
                    self._lines_read.interrupted()
                    if self._after_interrupt is not None:
                        self._expected = self._prompts + 1 + self._after_interrupt
                        self._after_interrupt = None
                    if self._quiet:
                        self._quiet -= 1
                    else:
                        text.append(protocol.INTERRUPTED)
                elif isinstance(event, stream.Ack):
                    self._acks += 1
                elif isinstance(event, stream.Echo):
                    self._echoes += 1
                elif isinstance(event, stream.Program):
                    self._unconfirmed = event.data
                elif isinstance(event, stream.ProgramLost):
                    self._bad_reads += 1
                elif isinstance(event, stream.EchoedInput):
                    if len(self._echoed) <= 2 * MAX_PROGRAM:   # more is wrong anyway
                        self._echoed += event.data
                elif isinstance(event, stream.EndOfInput):
                    self._input_ended = True
                    self._prompts_at_end = self._prompts
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

    def _idle(self) -> bool:
        """The board waits at a prompt for a line, and none is on its way (call with _cond)."""
        return (self._after_interrupt is None and self._prompts >= self._expected
                and not self._probing)

    def _write_loop(self) -> None:
        while not self._stopping.is_set():
            try:
                item = self._queue.get(timeout=0.1)
            except queue.Empty:
                continue
            if not self._take_turn(item):
                self._dropped([item])
                continue
            try:
                self._send_item(item)
            except DeviceError:
                self._flush_pending()
            finally:
                with self._cond:
                    self._queued -= 1
                    self._cond.notify_all()
                self._op.release()

    def _take_turn(self, item: _Line) -> bool:
        """Wait until the board asks for a line. True with _op held; False if item is
        dropped meanwhile."""

        def gone() -> bool:
            return (self._gen != item.gen or self._closed is not None or self._stopping.is_set()
                    or (item.batch is not None and item.batch in self._failed))

        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._idle() or gone())
                if gone():
                    return False
            self._op.acquire()
            with self._cond:
                if gone():
                    self._op.release()
                    return False
                if self._idle():
                    return True
            self._op.release()   # an operation left the board busy: wait again

    def _send_item(self, item: _Line) -> None:
        """Send a line whose turn has come (with _op held), telling on_line_sent first."""
        with self._cond:
            if item.ending and self._main:
                return   # the board ended the statement itself
            number, main = self._lines_read.current, self._main
            self._expected = self._prompts + 1
            self._batch = item.batch
        if item.tag is not None and self.on_line_sent is not None:
            _call(self.on_line_sent, item.tag, number, main)
        self._send_line(item.gen, command(item.text.encode("utf-8")))

    def _dropped(self, items: list[_Line]) -> None:
        with self._cond:
            self._queued -= len(items)
            self._cond.notify_all()
        tags = [item.tag for item in items if item.tag is not None]
        if tags and self.on_lines_dropped is not None:
            _call(self.on_lines_dropped, tags)

    def _send_line(self, gen: int, data: bytes) -> None:
        if not self.needs_pacing:
            self._write(data)
            return
        for start in range(0, len(data), PACE):
            with self._cond:
                mark = self._acks
            self._write(data[start:start + PACE] + byte(ENQ))
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
        dropped: list[_Line] = []
        with self._cond:
            self._gen += 1
            while True:
                try:
                    dropped.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            self._cond.notify_all()
        self._dropped(dropped)

    def _check_open(self) -> None:
        if self._reader is None:
            raise DeviceError("The robot is not connected yet. Press Connect.")
        if self._closed is not None:
            raise DeviceError(self._closed)

    def _write(self, data: bytes) -> None:
        self._check_open()
        with self._write_lock:
            with self._cond:
                self._lines_read.sent(data, CTRL_C, LINE_END[0])
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


def _text(data: bytes) -> str:
    """A stored program as text for the editor (bytes that are not UTF-8 shown as U+FFFD)."""
    return protocol.lf_lines(data.decode("utf-8", errors="replace"))


def _call(callback: Callable[..., None], *args: object) -> None:
    try:
        callback(*args)
    except Exception:
        log.exception("a board callback failed")
