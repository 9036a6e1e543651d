# SPDX-License-Identifier: GPL-3.0-or-later
"""A world running live beside the IDE's simulator: its time paced by the wall clock.

The world is one user of the connection's side channel (snekide.device.side_channel), beside
the board view: the channel's reader gives it the simulator's motors and its waits for
virtual time (a simulator started with --virtual-time, see simulator_args); a thread here
runs the world towards the latest time asked for, at the chosen speed, and answers through
the channel when it gets there: the sensors' values that changed, then the time. The world's
sensors hold their pins: the board view shows what they read and cannot set them, and should
anything else set one, the world sends its own value again at its next answer.

The robot pane reads snapshots and sends controls (drag, reset, pen); everything here is
free of Qt and safe to call from any thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from snekide.device.side_channel import (BoardDescribed, ChannelClosed, ChannelOpened, Event,
                                         Flooding, InputGiven, MotorOutput, SideChannel,
                                         WaitForTime)
from snekide.robot.physics import TrailMark
from snekide.robot.simulation import Frame, Simulation
from snekide.robot.world import ROBOT_BOARD, Pose, World

log = logging.getLogger(__name__)

#: The speeds of time the pane offers: how many simulated seconds per wall-clock second.
SPEEDS = (1, 2, 5, 10)
#: The thread looks at its controls at least this often (seconds).
TICK = 0.02
#: Frames (one each 0.1 simulated seconds) kept for the pane to collect: a minute at x10.
MAX_FRAMES = 6000
#: How far (simulated seconds) the world may catch up at once when it fell behind the wall
#: clock, waiting for the simulator: enough to keep pace when the program asks for a
#: millisecond at a time, too little to be seen as a jump.
CATCH_UP = 0.05
#: Who sets the world's inputs, as the side channel's InputGiven events say.
WORLD_SOURCE = "world"
#: What each kind of sensor is called where its pin is shown.
SENSOR_NAMES = {"light": "light sensor", "distance": "distance sensor", "bumper": "bumper"}

FLOODED = ("The simulated robot gets more messages than a real one could send, so it runs "
           "slower until they stop.")


def keeps_time(choice: Any) -> bool:
    """Whether the world keeps the time of this Connect choice (a device.usb.DeviceChoice):
    the simulator running as the robot's board. A world's pins and motors are a Snekboard's,
    so a simulated Uno runs on the wall clock with no world."""
    board = getattr(choice, "board", "") or ROBOT_BOARD
    return getattr(choice, "kind", "") == "simulator" and board == ROBOT_BOARD


def simulator_args(choice: Any) -> Sequence[str]:
    """The simulator's options for a choice, beyond its side channel: virtual time when the
    world keeps its time (see Connection.simulator_args)."""
    return ["--virtual-time"] if keeps_time(choice) else []


@dataclass(frozen=True)
class Snapshot:
    """What the pane draws: the world, the robot and what it senses, at one moment."""
    world: World
    time_us: int
    pose: Pose
    motors: dict[str, float]
    sensors: dict[str, float]
    connected: bool        # a simulator asks this world for its time


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
        self._sim = Simulation(world, on_frame=self._frames.append)
        self._channel: SideChannel | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._pending: int | None = None      # the latest time asked for, not yet answered
        self._generation: int | None = None   # the simulator that asked it
        self._keeping_time = False            # a simulator on the channel asks us for time
        self._flooding = False
        self._allowance = 0.0                 # simulated seconds the world may run now
        self._wake = threading.Event()        # a wait came in, or a control changed
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._run, name="snekide-world", daemon=True)
        self._thread.start()

    # -- the side channel ------------------------------------------------------

    def attach(self, channel: SideChannel) -> None:
        """Read this side channel (the connection's) from now: keep the time of the simulator
        on it when it asks, drive the robot with its motors."""
        self.detach()
        with self._lock:
            self._channel = channel
        self._unsubscribe = channel.subscribe(self._take)

    def detach(self) -> None:
        unsubscribe, self._unsubscribe = self._unsubscribe, None
        if unsubscribe is not None:
            unsubscribe()
        with self._lock:
            self._channel = None
            self._pending = None
            self._keeping_time = False

    @property
    def connected(self) -> bool:
        """A simulator asks this world for its time."""
        return self._keeping_time

    def close(self) -> None:
        self._closing.set()
        self._wake.set()
        self._thread.join(timeout=2)
        self.detach()

    def _take(self, events: Sequence[Event]) -> None:
        """The side channel's events (on its reader thread, or a sender's): short, no I/O."""
        hold = problem = None
        with self._lock:
            channel = self._channel
            if channel is None:
                return
            for event in events:
                if isinstance(event, WaitForTime):
                    self._pending = event.time_us   # the latest wins (a ^C asks for less)
                    self._generation = channel.generation
                    if not self._keeping_time:
                        self._keeping_time = True
                        hold = self._held_pins()
                elif isinstance(event, MotorOutput):
                    self._sim.motor(event.motor, event.power, event.on, event.direction)
                elif isinstance(event, BoardDescribed):
                    self._sim.booted()
                elif isinstance(event, (ChannelOpened, ChannelClosed)):
                    self._pending = None
                    self._keeping_time = False
                    if self._flooding:   # a flood ends with its simulator
                        self._flooding = False
                        problem = ""
                elif isinstance(event, InputGiven):
                    if event.source != WORLD_SOURCE:
                        self._sim.forget_sent(event.pin)   # the world's value goes again
                elif isinstance(event, Flooding) and self._keeping_time:
                    if event.active != self._flooding:
                        self._flooding = event.active
                        problem = FLOODED if event.active else ""
        if hold is not None:
            channel.hold_inputs(hold)
        if problem is not None:
            self._tell(problem)
        self._wake.set()

    def _held_pins(self) -> dict[int, str]:
        return {s.pin_number: SENSOR_NAMES.get(s.kind, "sensor") for s in self._sim.world.sensors}

    def _tell(self, problem: str) -> None:
        if self.on_problem is not None:
            try:
                self.on_problem(problem)
            except Exception:  # noqa: BLE001 - a broken listener must not stop the world
                log.exception("on_problem failed")

    # -- controls ----------------------------------------------------------------

    def set_world(self, world: World) -> None:
        """Put the robot in another world (at its start, its trail cleared); its sensors hold
        their pins from now."""
        with self._lock:
            self._sim.change_world(world)
            self._moved_by_hand()
            channel = self._channel if self._keeping_time else None
            held = self._held_pins()
        if channel is not None:
            channel.hold_inputs(held)
        self._wake.set()

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
            return Snapshot(sim.world, sim.time_us, sim.robot.pose, frame.motors, frame.sensors,
                            self._keeping_time)

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
            self._wake.clear()   # before the step: a wait that comes during it wakes us
            now = time.monotonic()
            wait = self._step((now - last) * self.speed)
            last = now
            self._wake.wait(wait)

    def _step(self, seconds: float) -> float:
        """Let the world run `seconds` more towards the time asked for (what it could not run
        while it waited for the simulator is kept, up to CATCH_UP); how long to wait next."""
        with self._lock:
            if self.speed <= 0 and seconds <= 0:
                self._allowance = 0.0  # time stands still
            self._allowance = min(self._allowance + seconds, max(CATCH_UP, seconds))
            pending, sim, channel = self._pending, self._sim, self._channel
            if pending is None or channel is None:
                return TICK
            before = sim.time_us
            sim.advance_to(min(pending, sim.time_us + int(self._allowance * 1e6)))
            self._allowance = max(0.0, self._allowance - (sim.time_us - before) / 1e6)
            if sim.time_us < pending:
                if self.speed <= 0:  # time stands still
                    return TICK
                return min(TICK, (pending - sim.time_us) / 1e6 / self.speed)
            self._pending = None
            inputs, now, generation = sim.changed_inputs(), sim.time_us, self._generation
        # Outside the lock: sending tells the channel's listeners, this world among them.
        # A simulator gone meanwhile is told by the channel (ChannelClosed), not here.
        channel.send_inputs(inputs, WORLD_SOURCE, time_us=now, generation=generation)
        return TICK
