# SPDX-License-Identifier: GPL-3.0-or-later
"""The simulator's side channel (`snek --io-fd N`): its JSON lines read into typed events.

The host firmware describes its board at every boot and reports every output change, one
JSON object a line; input values go back as `{"pin": N, "value": V}` (firmware/README.md).
One SideChannel serves the simulator whichever process runs it now: SimulatorWithChannel
gives each simulator it starts a fresh socket pair, a reader thread turns what arrives into
events, and every subscriber (the board view, the robot's world, a test) gets them in
batches. The channel is read once, here, whoever uses it.

    channel = SideChannel()
    unsubscribe = channel.subscribe(lambda events: ...)   # see "Listeners" below
    transport = SimulatorWithChannel(firmware, eeprom, "snekboard", channel)
    channel.send_input(0, 0.25)                            # read(A1) gives 0.25

With --virtual-time the simulator asks for time (WaitForTime) and a world answers with
send_inputs(..., time_us=N). A wait is never merged with another line nor moved past one.

What goes to the simulator is told to the subscribers too (InputGiven), and so is who sets
which inputs (InputsHeld: a world's sensors set their own pins), so that every user of the
channel sees what read() gives, whoever set it.

Listeners: every batch goes to every listener, one batch at a time and in the order they
were made, on the reader thread while a simulator runs (a batch made on another thread, an
input sent from the window or the world's answer, is handed to the reader, so that neither
the window nor the world ever spends its time giving out the reader's batches), else on the
thread that made it. A listener may send or hold inputs: what that tells the listeners
comes after the batch in hand. Keep listeners short (record the latest state under a lock;
draw it later, on a timer). Nothing here uses Qt.

A program can switch a pin a few hundred thousand times a second. Within one read, reports
that say the same thing (the same pin's output or pull, the same motor, the LEDs, the tone)
are kept only in their latest version, in the order of those latest versions; a board
description or a line of another kind keeps its place and nothing is merged across it. So
the simulator runs at its own pace and the reader parses a handful of lines per read. Past
FLOOD_LINES_PER_SECOND lines a second subscribers get Flooding events (a picture cannot
follow that). Should more than PARSE_LINES_PER_SECOND still need parsing, the reader waits,
and so does the simulator, at its next report.
"""

from __future__ import annotations

import json
import logging
import math
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from snekide.device.transport import SimulatorTransport

log = logging.getLogger(__name__)

#: A report longer than this is not one (the longest, a full NeoPixel strip, is ~300 bytes).
MAX_LINE = 16_384
#: Lines a second past which subscribers are told the channel floods.
FLOOD_LINES_PER_SECOND = 20_000
#: Lines a second the reader parses (after merging) before it slows the simulator down.
PARSE_LINES_PER_SECOND = 20_000
#: Either limit allows a burst of this many seconds' worth first: short bursts (a boot, a
#: loop's first turns) pass.
FLOOD_BURST = 0.25
#: How long the pace must stay under the limit before the flood is over (seconds).
FLOOD_CALM = 1.0
#: Bytes read at a time.
CHUNK = 65_536


# -- events --------------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardDescribed:
    """The board booted (or restarted): its name, pin count, analog pins and motor pairs."""
    board: str
    pins: int
    analog: tuple[int, ...]
    motors: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class PinOutput:
    """A pin was set: its power level (0..1) and whether it is on."""
    pin: int
    power: float
    on: bool


@dataclass(frozen=True)
class MotorOutput:
    """A motor (numbered from 1) changed: power, on, and which way ('left' or 'right')."""
    motor: int
    power: float
    on: bool
    direction: str


@dataclass(frozen=True)
class PinPull:
    """A pin's pull resistor: 'none', 'up' or 'down'."""
    pin: int
    pull: str


@dataclass(frozen=True)
class NeoPixels:
    """The colour LEDs, each (red, green, blue) 0..255."""
    colours: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class Tone:
    """The tone playing, in hertz (0: silence)."""
    hz: float


@dataclass(frozen=True)
class WaitForTime:
    """In virtual time: the board waits until the world has reached time_us (microseconds)
    and says so (SideChannel.send_inputs(..., time_us=...))."""
    time_us: int


@dataclass(frozen=True)
class OtherReport:
    """A JSON object of a kind not listed here, for readers that know it."""
    fields: Mapping[str, Any] = field(hash=False)


@dataclass(frozen=True)
class ChannelOpened:
    """A simulator started with this channel: reports follow from its boot."""


@dataclass(frozen=True)
class ChannelClosed:
    """The simulator's end closed by itself: it exited or died."""


@dataclass(frozen=True)
class Flooding:
    """The program reports faster than FLOOD_LINES_PER_SECOND (active), or no longer does."""
    active: bool


@dataclass(frozen=True)
class Garbled:
    """This many lines could not be read as reports (not JSON, wrong fields, too long)."""
    lines: int


@dataclass(frozen=True)
class InputGiven:
    """An input went to the simulator: read(pin) gives value from now. source says who set
    it: '' by hand, else what holds the pin (see InputsHeld)."""
    pin: int
    value: float
    source: str = ""


@dataclass(frozen=True)
class InputsHeld:
    """These pins' inputs are set by the world, each by what is named (pin: 'light sensor'),
    from now on; it replaces what was held before (none: nothing is)."""
    pins: Mapping[int, str] = field(hash=False)


Report = (BoardDescribed | PinOutput | MotorOutput | PinPull | NeoPixels | Tone | WaitForTime
          | OtherReport)
Event = (Report | ChannelOpened | ChannelClosed | Flooding | Garbled | InputGiven
         | InputsHeld)
Listener = Callable[[Sequence[Event]], None]


# -- reading lines -------------------------------------------------------------------------

def parse_report(line: bytes) -> Report | None:
    """One side-channel line as a report, or None if it is not one."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    try:
        return _report(data)
    except (KeyError, TypeError, ValueError):
        return None


def _report(data: dict[str, Any]) -> Report | None:
    if "board" in data:
        return BoardDescribed(_text(data["board"]), _count(data["pins"]),
                              tuple(_count(p) for p in data["analog"]),
                              tuple(_pair(m) for m in data["motors"]))
    if "motor" in data:
        direction = _text(data["direction"])
        if direction not in ("left", "right"):
            raise ValueError(direction)
        return MotorOutput(_count(data["motor"]), _level(data["power"]), _flag(data["on"]),
                           direction)
    if "pin" in data and "power" in data:
        return PinOutput(_count(data["pin"]), _level(data["power"]), _flag(data["on"]))
    if "pin" in data and "pull" in data:
        pull = _text(data["pull"])
        if pull not in ("none", "up", "down"):
            raise ValueError(pull)
        return PinPull(_count(data["pin"]), pull)
    if "pin" in data:
        raise KeyError("power")   # a pin report that says nothing
    if "neopixel" in data:
        return NeoPixels(tuple(_colour(c) for c in data["neopixel"]))
    if "tone" in data:
        return Tone(_number(data["tone"]))
    if "wait_us" in data:
        return WaitForTime(_count(data["wait_us"]))
    return OtherReport(data)


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TypeError(value)
    return float(value)


def _level(value: Any) -> float:
    return min(1.0, max(0.0, _number(value)))


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise TypeError(value)
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(value)
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _pair(value: Any) -> tuple[int, int]:
    a, b = value
    return _count(a), _count(b)


def _colour(value: Any) -> tuple[int, int, int]:
    r, g, b = (min(255, _count(v)) for v in value)
    return r, g, b


#: The reports that replace an earlier one saying the same thing (see merge_lines).
_MERGED_KINDS = (b'{"pin": ', b'{"motor": ', b'{"neopixel": ', b'{"tone": ')


def _merge_key(line: bytes) -> bytes | None:
    """What a report says something about (`{"pin": 8, "power`), or None if it must stay."""
    if not line.startswith(_MERGED_KINDS):
        return None
    first = line.find(b'": ')
    second = line.find(b'": ', first + 3)
    return line[:second if second > 0 else first]


def merge_lines(lines: list[bytes]) -> list[bytes]:
    """The lines with each report kept only in its latest version, up to the next line that
    must stay (a board description, another kind), in the order of those latest versions."""
    kept: list[bytes | None] = []
    latest: dict[bytes, int] = {}
    for line in lines:
        key = _merge_key(line)
        if key is None:
            latest.clear()
        else:
            earlier = latest.get(key)
            if earlier is not None:
                kept[earlier] = None
            latest[key] = len(kept)
        kept.append(line)
    return [line for line in kept if line is not None]


class LineReader:
    """Splits what arrives into lines and lines into events. Not thread-safe: one owner."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self._partial = b""
        self._overlong = False   # dropping the rest of a line that grew too long
        #: Lines in the last feed, before and after merging.
        self.lines_read = self.lines_parsed = 0

    def feed(self, data: bytes) -> list[Event]:
        """The events in data, ending with one Garbled if any line could not be read."""
        events: list[Event] = []
        bad = 0
        lines = (self._partial + data).split(b"\n")
        self._partial = lines.pop()
        if self._overlong and lines:
            self._overlong = False   # the end of the line we gave up on
            lines.pop(0)
        self.lines_read = len(lines)
        lines = merge_lines(lines)
        self.lines_parsed = len(lines)
        for line in lines:
            report = parse_report(line) if len(line) <= self.max_line else None
            if report is not None:
                events.append(report)
            elif line.strip():
                bad += 1
        if len(self._partial) > self.max_line:
            self._partial = b""
            if not self._overlong:
                self._overlong = True
                bad += 1
        if bad:
            events.append(Garbled(bad))
        return events


class FloodGate:
    """Paces the reader: how long to wait after taking `lines` more, to stay under the limit.

    A token bucket: FLOOD_BURST seconds' worth of lines pass at once, then the reader takes
    `limit` lines a second. flooding turns on when the reader must wait, off after a calm
    FLOOD_CALM seconds.
    """

    def __init__(self, limit: int = FLOOD_LINES_PER_SECOND,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.clock = clock
        self.flooding = False
        self._ready_at = clock() - FLOOD_BURST
        self._last_wait = -math.inf

    def take(self, lines: int) -> float:
        """Seconds to wait before reading more."""
        now = self.clock()
        self._ready_at = max(self._ready_at, now - FLOOD_BURST) + lines / self.limit
        wait = max(0.0, self._ready_at - now)
        if wait > 0:
            self._last_wait = now
            self.flooding = True
        elif self.flooding and now - self._last_wait > FLOOD_CALM:
            self.flooding = False
        return wait


# -- the channel ---------------------------------------------------------------------------

class SideChannel:
    """The IDE's end of the simulator's side channel, across simulator restarts."""

    def __init__(self, flood_limit: int = FLOOD_LINES_PER_SECOND,
                 parse_limit: int = PARSE_LINES_PER_SECOND) -> None:
        self.flood_limit = flood_limit
        self.parse_limit = parse_limit
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._outbox: deque[Sequence[Event]] = deque()   # batches not yet given out
        self._dispatching = False                         # a thread is giving them out
        self._wake: socket.socket | None = None           # tells the reader of new batches
        self._send_lock = threading.Lock()                # one line at a time to the simulator
        self._sock: socket.socket | None = None      # ours, for the running simulator
        self._child: socket.socket | None = None     # theirs, until the simulator has it
        self._reader: threading.Thread | None = None
        #: Counts the channels opened: which simulator the current one belongs to.
        self.generation = 0

    # -- subscribers ---------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call listener with each batch of events (see Listeners, above); returns a function
        that unsubscribes it."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
        return unsubscribe

    def _dispatch(self, events: Sequence[Event]) -> None:
        """Give a batch to every listener, after the batches before it: by the reader while
        one runs, else here."""
        with self._lock:
            self._outbox.append(events)
            wake = self._wake
        if wake is not None and threading.current_thread() is not self._reader:
            try:
                wake.send(b"!")
            except OSError:
                pass   # full: the reader has been told; closed: it gave out the rest as it ended
            return
        self._deliver()

    def _deliver(self) -> None:
        """Give out the batches waiting, in order. A thread that finds another at it leaves
        them to it: a listener that sends an input (and so makes a batch) does not give it out
        in the middle of the batch in hand."""
        with self._lock:
            if self._dispatching:
                return
            self._dispatching = True
        while True:
            with self._lock:
                if not self._outbox:
                    self._dispatching = False
                    return
                batch = self._outbox.popleft()
                listeners = list(self._listeners)
            for listener in listeners:
                try:
                    listener(batch)
                except Exception:  # noqa: BLE001 - one broken pane must not stop the others
                    log.exception("a side-channel listener failed")

    # -- for the simulator that is starting --------------------------------------------

    def open_child_end(self) -> int:
        """A fresh channel for a simulator about to start: the file descriptor it inherits
        (pass it as --io-fd, in pass_fds). Replaces the channel of any earlier simulator."""
        self.close()
        ours, theirs = socket.socketpair()
        woken, wake = socket.socketpair()
        wake.setblocking(False)
        reader = threading.Thread(target=self._read_loop, args=(ours, woken),
                                  name="snekide-side-channel", daemon=True)
        with self._lock:
            self._sock, self._child = ours, theirs
            self._wake, self._reader = wake, reader
            self.generation += 1
        reader.start()
        self._dispatch([ChannelOpened()])
        return theirs.fileno()

    def child_started(self) -> None:
        """The simulator has its end (or failed to start): close our copy, so that its exit
        shows as the end of the channel."""
        with self._lock:
            child, self._child = self._child, None
        if child is not None:
            child.close()

    @property
    def is_open(self) -> bool:
        return self._sock is not None

    def close(self, generation: int | None = None) -> None:
        """Let go of the current simulator's channel (no ChannelClosed: we closed it); with
        a generation, only if the current channel is still that one (a simulator closed
        late must not close its successor's channel)."""
        with self._lock:
            if generation is not None and generation != self.generation:
                return
            sock, self._sock = self._sock, None
            child, self._child = self._child, None
            reader, self._reader = self._reader, None
        for s in (sock, child):
            if s is not None:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        if reader is not None and reader is not threading.current_thread():
            reader.join(timeout=2)
        for s in (sock, child):
            if s is not None:
                s.close()

    # -- to the simulator ----------------------------------------------------------------

    def send_input(self, pin: int, value: float) -> bool:
        """Give an input pin a value by hand (analog 0..1; digital: 1 above 0.5, else 0).
        False when no simulator is listening."""
        return self.send_inputs({pin: value})

    def send_inputs(self, values: Mapping[int, float], source: str = "", *,
                    time_us: int | None = None, generation: int | None = None) -> bool:
        """Give input pins values, set by source ('' by hand); then, with time_us, tell a
        simulator in virtual time that the world has reached it (it reads the inputs first).
        Subscribers get InputGiven for each. With a generation, only to that simulator.
        False when no simulator (or not that one) is listening."""
        lines = []
        for pin, value in values.items():
            if not math.isfinite(value):
                raise ValueError(f"not a number: {value}")
            lines.append(b'{"pin": %d, "value": %s}\n' % (pin, _number_text(value).encode()))
        if time_us is not None:
            lines.append(b'{"time_us": %d}\n' % time_us)
        if not self.send(b"".join(lines), generation):
            return False
        if values:
            self._dispatch([InputGiven(pin, value, source) for pin, value in values.items()])
        return True

    def hold_inputs(self, pins: Mapping[int, str]) -> None:
        """Say which pins the world's sensors set from now (pin: what sets it), in place of
        those held before; subscribers get InputsHeld. The holder keeps its word itself:
        it sends its values again when another sets one of its pins."""
        self._dispatch([InputsHeld(dict(pins))])

    def send(self, data: bytes, generation: int | None = None) -> bool:
        """Send lines to the simulator as they are (with a generation, only to that one).
        False when no simulator (or not that one) is listening."""
        with self._lock:
            sock = self._sock
            if generation is not None and generation != self.generation:
                return False
        if sock is None:
            return False
        try:
            with self._send_lock:   # lines from two threads never interleave
                sock.sendall(data)
        except OSError:
            return False
        return True

    # -- the reader thread ---------------------------------------------------------------

    def _read_loop(self, sock: socket.socket, woken: socket.socket) -> None:
        try:
            self._read(sock, woken)
        finally:
            with self._lock:
                wake, self._wake = self._wake, None
            self._deliver()   # what was handed to us; from now on, whoever makes a batch
            woken.close()
            if wake is not None:
                wake.close()

    def _read(self, sock: socket.socket, woken: socket.socket) -> None:
        reader = LineReader()
        flood = FloodGate(self.flood_limit)    # told to subscribers
        parsing = FloodGate(self.parse_limit)  # paced: the reader waits
        while True:
            try:
                ready, _, _ = select.select([sock, woken], [], [], 0.5)
                if woken in ready:
                    woken.recv(CHUNK)
                    self._deliver()
                if sock not in ready:
                    if not ready:
                        self._tell_flood(flood, 0)
                    continue
                data = sock.recv(CHUNK)
            except (OSError, ValueError):
                # Closed by close(), or reset: the simulator went with lines of ours unread.
                data = b""
            if sock is not self._sock:
                return
            if not data:
                with self._lock:
                    if self._sock is sock:
                        self._sock = None
                sock.close()
                self._dispatch([ChannelClosed()])
                return
            events = reader.feed(data)
            if events:
                self._dispatch(events)
            self._tell_flood(flood, reader.lines_read)
            self._pause(woken, parsing.take(reader.lines_parsed))

    def _pause(self, woken: socket.socket, seconds: float) -> None:
        """Wait before reading on (pacing the simulator), giving out what is handed to us."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([woken], [], [], left)
            if ready:
                woken.recv(CHUNK)
                self._deliver()

    def _tell_flood(self, gate: FloodGate, lines: int) -> None:
        was = gate.flooding
        gate.take(lines)
        if gate.flooding != was:
            self._dispatch([Flooding(gate.flooding)])


def _number_text(value: float) -> str:
    """A value as JSON the firmware reads with strtod: no exponent, a few places."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


class SimulatorWithChannel(SimulatorTransport):
    """The simulator with a side channel: each start gets a fresh channel from `channel`."""

    def __init__(self, firmware: Path, eeprom: Path, board: str, channel: SideChannel,
                 **options: Any) -> None:
        super().__init__(firmware, eeprom, board, **options)
        self.channel = channel
        self._own_args = list(self.extra_args)
        self._starting = False
        self._generation: int | None = None    # the channel this transport opened

    def open(self) -> None:
        if self.is_open:
            return
        self.close()
        fd = self.channel.open_child_end()
        self._generation = self.channel.generation
        self.extra_args = [*self._own_args, "--io-fd", str(fd)]
        self.pass_fds = (fd,)
        self._starting = True   # the close() that SimulatorTransport.open() does first
        try:
            super().open()
        finally:
            self._starting = False
            self.channel.child_started()

    def close(self) -> None:
        if not self._starting and self._generation is not None:
            # Ours first: a simulator closed on purpose is not one that died. Only ours:
            # an old simulator is closed in the background while the next one starts.
            self.channel.close(self._generation)
            self._generation = None
        super().close()
