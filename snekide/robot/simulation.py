# SPDX-License-Identifier: GPL-3.0-or-later
"""The world's end of the firmware's side channel: it takes the board's reports and answers
its waits for virtual time (see firmware/README.md, "Virtual time")."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass

from snekide.board_state import BoardState
from snekide.robot.physics import Robot
from snekide.robot.world import World

#: A frame of the robot's path is recorded every this many microseconds.
FRAME_US = 100_000
#: A side channel line longer than this is not a report: the channel is flooded.
MAX_LINE = 8192
#: More reports than this between two waits: the channel is flooded (the board holds its
#: reports to one per pin, motor, strip and tone per wait, a few dozen at most).
MAX_REPORTS = 1000

WAIT_PREFIX = b'{"wait_us": '
#: The reports the world acts on.
WORLD_REPORTS = (b'{"motor": ', b'{"board": ')

FLOODED = ("The simulated robot got more messages than a real one could send. "
           "The simulator was stopped.")


class Flooded(Exception):
    """The board sent more than a board can: the message is FLOODED."""

    def __init__(self) -> None:
        super().__init__(FLOODED)


@dataclass(frozen=True)
class Frame:
    """Where the robot was at one moment, and what it sensed and drove."""
    t: float
    x: float
    y: float
    heading: float
    sensors: dict[str, float]
    motors: dict[str, float]
    #: It got here by hand (dragged, put back at the start, another world), not by driving.
    jumped: bool = False

    def to_json(self) -> str:
        return json.dumps({"t": self.t, "x": self.x, "y": self.y, "heading": self.heading,
                           "sensors": self.sensors, "motors": self.motors})


class Simulation:
    """A world in virtual time, driven by the board's side channel.

    feed() takes the bytes the board sent and returns the times it asked the world to reach;
    advance_to() runs the world there, and reply() is what to send back: the sensor values
    that changed, then the time. Not thread-safe: one owner calls it.
    """

    def __init__(self, world: World, on_frame: Callable[[Frame], None] | None = None,
                 track_board: bool = False) -> None:
        self.world = world
        #: Every pin's state as reported, when track_board (a board view draws it).
        self.board: BoardState | None = BoardState() if track_board else None
        #: Input values set by hand, by pin: they win over what the world's sensors read.
        self.inputs: dict[int, float] = {}
        self.robot = Robot(world)
        self.time_us = 0
        self.on_frame = on_frame
        self._sent: dict[int, str] = {}
        self._buffer = b""
        self._reports = 0
        self._next_frame = 0

    # -- from the board ------------------------------------------------------

    def feed(self, data: bytes) -> list[int]:
        """Take what the board sent; the times it asked for, in order."""
        self._buffer += data
        if b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE:
                raise Flooded()
            return []
        *lines, self._buffer = self._buffer.split(b"\n")
        waits = []
        for line in lines:
            if line.startswith(WAIT_PREFIX):
                waits.append(int(line[len(WAIT_PREFIX):-1]))
                self._reports = 0
                continue
            self._reports += 1
            if self._reports > MAX_REPORTS or len(line) > MAX_LINE:
                raise Flooded()
            if line.startswith(WORLD_REPORTS) or self.board is not None:
                self._take(line)  # (pins, lights and tones leave the world itself be)
        return waits

    def _take(self, line: bytes) -> None:
        try:
            report = json.loads(line)
        except ValueError:
            return  # not ours to judge: a board may print what it likes
        if not isinstance(report, dict):
            return
        if self.board is not None:
            self.board.apply(report)
        if "motor" in report:
            try:
                self.robot.set_motor(int(report["motor"]), float(report["power"]),
                                     bool(report["on"]), str(report["direction"]))
            except (KeyError, TypeError, ValueError):
                pass
        elif "board" in report:
            # A new boot: the motors stop, and every input goes again.
            self.robot.stop_all()
            self._sent.clear()

    # -- the world -----------------------------------------------------------

    def change_world(self, world: World) -> None:
        """Put the robot in another world, at its start; the motors run on, time goes on."""
        motors = self.robot.motors
        self.world = world
        self.robot = Robot(world)
        self.robot.motors = motors
        self._sent.clear()

    def advance_to(self, target_us: int) -> None:
        """Run the world to target_us (a time it has passed already changes nothing)."""
        while True:
            if self.on_frame is not None and self._next_frame <= self.time_us:
                self.on_frame(self.frame())
                self._next_frame += FRAME_US
            if self.time_us >= target_us:
                return
            step_to = min(target_us, (self.time_us // FRAME_US + 1) * FRAME_US)
            self.robot.advance((step_to - self.time_us) / 1e6)
            self.time_us = step_to

    def reply(self) -> bytes:
        """The inputs that changed since they were last sent, then the world's time."""
        out = []
        for pin, value in {**self.robot.readings(), **self.inputs}.items():
            text = _number(value, 3)
            if self._sent.get(pin) != text:
                self._sent[pin] = text
                out.append(b'{"pin": %d, "value": %s}\n' % (pin, text.encode()))
        out.append(b'{"time_us": %d}\n' % self.time_us)
        return b"".join(out)

    def frame(self) -> Frame:
        pose = self.robot.pose
        return Frame(t=round(self.time_us / 1e6, 3), x=round(pose.x, 2), y=round(pose.y, 2),
                     heading=round(pose.heading, 1) % 360,
                     sensors={s.pin: round(self.robot.read(s), 3) for s in self.world.sensors},
                     motors={f"M{n}": round(m.drive(), 3) for n, m in self.robot.motors.items()})


def _number(value: float, places: int) -> str:
    """A value as the board reads it: rounded, with no exponent."""
    if not math.isfinite(value):
        return "0"
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text
