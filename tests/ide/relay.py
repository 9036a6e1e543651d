# SPDX-License-Identifier: GPL-3.0-or-later
"""A fault-injection relay: a thread between the IDE's device layer and the host firmware.

The firmware runs on one pseudo-terminal, the IDE opens another, and the relay copies bytes
between them, dropping, doubling, corrupting and stalling them as told, separately in each
direction. Faults are drawn from a random generator seeded per direction, one draw per byte
in the order the bytes pass, so a seed gives the same faults at the same places of the same
byte stream every run; and they are bounded: at most `budget` faults per direction, stalls at
most `max_stall` seconds. A script can also edit chosen bytes (the issue's reproductions).
"""

from __future__ import annotations

import os
import random
import select
import subprocess
import threading
import time
import tty
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from snekide.device.protocol import ACK, CTRL_C, CTRL_D, ENQ, ETX, STX, XOFF, XON

#: Bytes a corruption favours (half the time): the ones that steer the protocol.
PROTOCOL_BYTES = bytes([STX, ETX, CTRL_C, CTRL_D, ENQ, ACK, XON, XOFF, 0x0A, 0x0D, ord(">"),
                        0xFF])

TO_BOARD = "to board"
TO_IDE = "to IDE"

#: A script's edit of one byte: given what passed so far in that direction and the byte,
#: the bytes to send instead (b"" drops it), or None to leave it to the random faults.
Edit = Callable[[bytes, int], bytes | None]


@dataclass(frozen=True)
class Faults:
    """Per-byte chances of each fault in one direction, and their bounds."""
    drop: float = 0.0
    duplicate: float = 0.0
    corrupt: float = 0.0
    stall: float = 0.0
    max_stall: float = 0.0      # a stall holds the bytes behind it up to this many seconds
    budget: int = 0             # faults at most in this direction (stalls included)

    @property
    def any(self) -> bool:
        return self.budget > 0 and (self.drop + self.duplicate + self.corrupt + self.stall) > 0


CLEAN = Faults()


@dataclass
class _Direction:
    name: str
    rng: random.Random
    faults: Faults = CLEAN
    edit: Edit | None = None
    passed: bytearray = field(default_factory=bytearray)   # bytes read from the source
    out: deque[tuple[float, bytes]] = field(default_factory=deque)  # (release time, bytes)
    hold: float = 0.0
    spent: int = 0
    counts: Counter[str] = field(default_factory=Counter)

    def take(self, data: bytes, now: float) -> None:
        for code in data:
            out = self._one(code, now)
            self.passed.append(code)
            if out:
                self.out.append((max(self.hold, now), out))

    def _one(self, code: int, now: float) -> bytes:
        if self.edit is not None:
            edited = self.edit(bytes(self.passed), code)
            if edited is not None:
                if edited != bytes([code]):
                    self.counts["scripted"] += 1
                return edited
        faults = self.faults
        if not faults.any or self.spent >= faults.budget:
            return bytes([code])
        roll = self.rng.random()
        for kind, chance in (("drop", faults.drop), ("duplicate", faults.duplicate),
                             ("corrupt", faults.corrupt), ("stall", faults.stall)):
            if roll < chance:
                self.spent += 1
                self.counts[kind] += 1
                return self._fault(kind, code, now)
            roll -= chance
        return bytes([code])

    def _fault(self, kind: str, code: int, now: float) -> bytes:
        if kind == "drop":
            return b""
        if kind == "duplicate":
            return bytes([code, code])
        if kind == "corrupt":
            pool = PROTOCOL_BYTES if self.rng.random() < 0.5 else bytes(range(256))
            choices = [b for b in pool if b != code]
            return bytes([self.rng.choice(choices)])
        self.hold = max(self.hold, now) + self.rng.uniform(0, self.faults.max_stall)
        return bytes([code])


def _raw_pty() -> tuple[int, int]:
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, slave


class FaultRelay:
    """The host firmware on a pty, and a pty for the IDE (`port`), with the relay between.

    Start it clean; set faults with set_faults(); `counts` says what was done in each
    direction. The firmware's storage image is its --eeprom file.
    """

    def __init__(self, command: Sequence[str], seed: int = 0) -> None:
        self.seed = seed
        self._board_master, board_slave = _raw_pty()
        self._ide_master, self._ide_slave = _raw_pty()
        self.port = os.ttyname(self._ide_slave)
        try:
            self.process = subprocess.Popen(list(command), stdin=board_slave, stdout=board_slave,
                                            stderr=subprocess.DEVNULL, close_fds=True,
                                            start_new_session=True)
        finally:
            os.close(board_slave)
        for fd in (self._board_master, self._ide_master):
            os.set_blocking(fd, False)
        self._lock = threading.Lock()
        self._directions = {
            TO_BOARD: _Direction(TO_BOARD, random.Random(f"{seed}:{TO_BOARD}")),
            TO_IDE: _Direction(TO_IDE, random.Random(f"{seed}:{TO_IDE}")),
        }
        self._stop = threading.Event()
        self._wake_r, self._wake_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name="fault-relay", daemon=True)
        self._thread.start()

    # Control

    def set_faults(self, to_board: Faults = CLEAN, to_ide: Faults = CLEAN) -> None:
        """New faults in each direction, with fresh budgets (the generators go on)."""
        with self._lock:
            for name, faults in ((TO_BOARD, to_board), (TO_IDE, to_ide)):
                direction = self._directions[name]
                direction.faults, direction.spent = faults, 0

    def clean(self) -> None:
        """No faults and no script from now on."""
        self.set_faults()
        self.script()

    def script(self, to_board: Edit | None = None, to_ide: Edit | None = None) -> None:
        with self._lock:
            self._directions[TO_BOARD].edit = to_board
            self._directions[TO_IDE].edit = to_ide

    @property
    def counts(self) -> dict[str, Counter[str]]:
        with self._lock:
            return {name: Counter(d.counts) for name, d in self._directions.items()}

    def close(self) -> None:
        self._stop.set()
        os.write(self._wake_w, b"x")
        self._thread.join(timeout=5)
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=5)
        for fd in (self._board_master, self._ide_master, self._ide_slave, self._wake_r,
                   self._wake_w):
            os.close(fd)

    # The pump

    def _run(self) -> None:
        pairs = ((self._ide_master, TO_BOARD, self._board_master),
                 (self._board_master, TO_IDE, self._ide_master))
        while not self._stop.is_set():
            now = time.monotonic()
            with self._lock:
                waiting = [(d, self._directions[name]) for _, name, d in pairs
                           if self._directions[name].out]
                due = [d for d, direction in waiting if direction.out[0][0] <= now]
                later = [direction.out[0][0] for _, direction in waiting
                         if direction.out[0][0] > now]
            timeout = max(0.0, min(later) - now) if later else None
            readable = [self._wake_r] + [src for src, _, _ in pairs]
            try:
                ready_r, ready_w, _ = select.select(readable, due, [], timeout)
            except (OSError, ValueError):
                return
            now = time.monotonic()
            for src, name, _ in pairs:
                if src in ready_r:
                    try:
                        data = os.read(src, 4096)
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""   # the firmware ended (EIO): nothing more comes
                    if not data:
                        if src == self._board_master:
                            return
                        continue
                    with self._lock:
                        self._directions[name].take(data, now)
            for _, name, dst in pairs:
                if dst in ready_w:
                    self._send(self._directions[name], dst, now)
            if self._wake_r in ready_r:
                os.read(self._wake_r, 64)

    def _send(self, direction: _Direction, dst: int, now: float) -> None:
        with self._lock:
            while direction.out and direction.out[0][0] <= now:
                release, data = direction.out.popleft()
                try:
                    sent = os.write(dst, data)
                except BlockingIOError:
                    sent = 0
                except OSError:
                    direction.out.clear()
                    return
                if sent < len(data):
                    direction.out.appendleft((release, data[sent:]))
                    return
