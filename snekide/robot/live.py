# SPDX-License-Identifier: GPL-3.0-or-later
"""A world running live beside the IDE's simulator: its time paced by the wall clock.

The simulator (the host firmware with --virtual-time) asks for time on its side channel; a
thread here runs the world towards the latest time asked for, at the chosen speed, and answers
when it gets there. The robot pane reads snapshots and sends controls (drag, reset, pen);
everything here is free of Qt and safe to call from any thread.
"""

from __future__ import annotations

import logging
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from snekide.board_state import BoardState
from snekide.device.transport import SimulatorTransport
from snekide.robot.physics import TrailMark
from snekide.robot.simulation import Flooded, Frame, Simulation
from snekide.robot.world import Pose, World

log = logging.getLogger(__name__)

#: The speeds of time the pane offers: how many simulated seconds per wall-clock second.
SPEEDS = (1, 2, 5, 10)
#: The thread looks at its controls at least this often (seconds).
TICK = 0.02
#: Frames (one each 0.1 simulated seconds) kept for the pane to collect: a minute at ×10.
MAX_FRAMES = 6000
#: How far (simulated seconds) the world may catch up at once when it fell behind the wall
#: clock, waiting for the simulator: enough to keep pace when the program asks for a
#: millisecond at a time, too little to be seen as a jump.
CATCH_UP = 0.05


@dataclass(frozen=True)
class Snapshot:
    """What the pane draws: the world, the robot and what it senses, at one moment."""
    world: World
    time_us: int
    pose: Pose
    motors: dict[str, float]
    sensors: dict[str, float]
    connected: bool
    board: BoardState      # every pin as the board reported it, for a board view


class LiveWorld:
    """One world for the IDE's simulator, whichever simulator process is running now."""

    def __init__(self, world: World, on_problem: Callable[[str], None] | None = None) -> None:
        self.on_problem = on_problem
        #: Simulated seconds per wall-clock second (0 stands time still).
        self.speed: float = 1
        self._lock = threading.Lock()
        #: Where the robot was, each 0.1 s of its time and whenever it is moved by hand,
        #: until the pane collects them (take_frames): a lesson's goals follow them.
        self._frames: deque[Frame] = deque(maxlen=MAX_FRAMES)
        self._sim = Simulation(world, on_frame=self._frames.append, track_board=True)
        self._sock: socket.socket | None = None
        self._child: socket.socket | None = None
        self._pending: int | None = None      # the latest time asked for, not yet answered
        self._allowance = 0.0                 # simulated seconds the world may run now
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._run, name="snekide-world", daemon=True)
        self._thread.start()

    # -- the side channel ------------------------------------------------------

    def new_channel(self) -> int:
        """A fresh side channel for a simulator about to start: the fd it inherits."""
        ours, theirs = socket.socketpair()
        ours.setblocking(False)
        with self._lock:
            old, self._sock = self._sock, ours
            if self._child is not None:
                self._child.close()
            self._child = theirs
            self._pending = None
        if old is not None:
            old.close()
        return theirs.fileno()

    def channel_started(self) -> None:
        """The simulator has its end: close ours of it, so its exit shows as the end."""
        with self._lock:
            child, self._child = self._child, None
        if child is not None:
            child.close()

    @property
    def connected(self) -> bool:
        return self._sock is not None

    def close(self) -> None:
        self._closing.set()
        self._thread.join(timeout=2)
        with self._lock:
            for s in (self._sock, self._child):
                if s is not None:
                    s.close()
            self._sock = self._child = None

    # -- controls ----------------------------------------------------------------

    def set_world(self, world: World) -> None:
        """Put the robot in another world (at its start, its trail cleared)."""
        with self._lock:
            self._sim.change_world(world)
            self._moved_by_hand()

    def reset(self) -> None:
        """The robot back at the start, its trail cleared."""
        with self._lock:
            robot = self._sim.robot
            robot.place(self._sim.world.start)
            robot.trail.clear(robot.x, robot.y)
            self._moved_by_hand()

    def place(self, pose: Pose) -> None:
        """Put the robot down where it was dragged to."""
        with self._lock:
            self._sim.robot.place(pose)
            self._moved_by_hand()

    def _moved_by_hand(self) -> None:
        self._frames.append(replace(self._sim.frame(), jumped=True))

    def set_input(self, pin: int, value: float | None) -> None:
        """Set an input pin by hand (a board view's switch or slider); None gives it back to
        the world. The board reads it from the world's next step."""
        with self._lock:
            if value is None:
                self._sim.inputs.pop(pin, None)
            else:
                self._sim.inputs[pin] = value

    def set_pen(self, down: bool) -> None:
        with self._lock:
            robot = self._sim.robot
            robot.trail.set_pen(down, robot.x, robot.y)

    def clear_trail(self) -> None:
        with self._lock:
            robot = self._sim.robot
            robot.trail.clear(robot.x, robot.y)

    # -- for the pane --------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        with self._lock:
            sim = self._sim
            frame = sim.frame()
            assert sim.board is not None
            return Snapshot(sim.world, sim.time_us, sim.robot.pose, frame.motors, frame.sensors,
                            self._sock is not None, sim.board.copy())

    def take_frames(self) -> list[Frame]:
        """Where the robot has been since the last call, oldest first."""
        with self._lock:
            frames = list(self._frames)
            self._frames.clear()
        return frames

    def trail_since(self, mark: TrailMark) -> tuple[TrailMark, list[list[tuple[float, float]]],
                                                     bool]:
        with self._lock:
            return self._sim.robot.trail.since(mark)

    # -- the thread ------------------------------------------------------------------

    def _run(self) -> None:
        last = time.monotonic()
        while not self._closing.is_set():
            now = time.monotonic()
            wait = self._step((now - last) * self.speed)
            last = now
            sock = self._sock
            if sock is None:
                self._closing.wait(TICK)
                continue
            try:
                ready, _, _ = select.select([sock], [], [], wait)
            except (OSError, ValueError):  # closed meanwhile by new_channel or close
                continue
            if ready:
                self._receive(sock)

    def _step(self, seconds: float) -> float:
        """Let the world run `seconds` more towards the time asked for (what it could not run
        while it waited for the simulator is kept, up to CATCH_UP); how long to wait next."""
        with self._lock:
            if self.speed <= 0 and seconds <= 0:
                self._allowance = 0.0  # time stands still
            self._allowance = min(self._allowance + seconds, max(CATCH_UP, seconds))
            pending, sim, sock = self._pending, self._sim, self._sock
            if pending is None or sock is None:
                return TICK
            before = sim.time_us
            sim.advance_to(min(pending, sim.time_us + int(self._allowance * 1e6)))
            self._allowance = max(0.0, self._allowance - (sim.time_us - before) / 1e6)
            if sim.time_us < pending:
                if self.speed <= 0:  # time stands still
                    return TICK
                return min(TICK, (pending - sim.time_us) / 1e6 / self.speed)
            self._pending = None
            reply = sim.reply()
        try:
            sock.sendall(reply)
        except OSError:
            pass  # it has gone: the end shows when the channel is read
        return TICK

    def _receive(self, sock: socket.socket) -> None:
        try:
            data = sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        with self._lock:
            if sock is not self._sock:
                return  # an old channel
            if not data:
                # The simulator has ended: the connection tells the student why.
                self._sock = None
                self._pending = None
                sock.close()
                return
            try:
                waits = self._sim.feed(data)
            except Flooded as flood:
                self._sock = None
                self._pending = None
                sock.close()  # the simulator stops at its next wait
                problem = str(flood)
            else:
                if waits:
                    self._pending = waits[-1]  # the latest wins (a ^C asks for less)
                return
        if self.on_problem is not None:
            try:
                self.on_problem(problem)
            except Exception:  # noqa: BLE001 - a broken listener must not stop the world
                log.exception("on_problem failed")



class WorldSimulator(SimulatorTransport):
    """The IDE's simulator with a live world on its side channel, in virtual time."""

    def __init__(self, live: LiveWorld, firmware: Path, eeprom: Path,
                 board: str = "snekboard") -> None:
        super().__init__(firmware, eeprom, board)
        self.live = live

    def open(self) -> None:
        if self.is_open:
            return
        fd = self.live.new_channel()
        self.extra_args = ["--io-fd", str(fd), "--virtual-time"]
        self.pass_fds = (fd,)
        try:
            super().open()
        finally:
            self.live.channel_started()
