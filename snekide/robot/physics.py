# SPDX-License-Identifier: GPL-3.0-or-later
"""The robot on the floor: differential drive from two motors, light, distance and bumper sensors.

Lengths in centimetres, time in seconds. Each wheel's speed is proportional to its motor's
power; a wall stops the body (a circle), which slides along it. Light sensors read about
0.05 over the white floor and 0.87 over black tape, blending over the tape's edge.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from snekide.robot.world import Pose, Segment, Sensor, Wheel, World

WHITE = 0.05
BLACK = 0.87
#: The light sensor's spot: its reading blends over 2 * SPOT across a tape edge.
SPOT = 0.6
#: A distance sensor reads about NEAR / d (d in cm): 0.3 at 30 cm; nothing beyond RANGE.
NEAR = 9.0
RANGE = 150.0
#: A bumper is pressed within this distance of a wall.
TOUCH = 1.0
#: The longest step the body moves in one go (a wall is never jumped over).
MAX_STEP = 0.01
#: The trail keeps a point each time the robot has moved this far.
TRAIL_STEP = 0.5
TRAIL_MAX = 200_000

#: Where a viewer got to in a trail: (generation, strokes, points in the last stroke).
TrailMark = tuple[int, int, int]


@dataclass
class Motor:
    power: float = 0.0
    on: bool = False
    direction: str = "right"

    def drive(self) -> float:
        """Signed power: positive turning the way setright() sets, negative setleft()'s."""
        if not self.on:
            return 0.0
        return self.power if self.direction == "right" else -self.power


class Trail:
    """The path the robot's middle has drawn, as strokes: lifting the pen ends a stroke."""

    def __init__(self) -> None:
        self.strokes: list[list[tuple[float, float]]] = []
        self.pen_down = True
        self.points = 0
        #: Bumped by clear(): a viewer that saw an older one draws everything again.
        self.generation = 0

    def moved(self, x: float, y: float) -> None:
        if not self.pen_down:
            return
        if self.strokes and self.strokes[-1]:
            lx, ly = self.strokes[-1][-1]
            if math.hypot(x - lx, y - ly) < TRAIL_STEP:
                return
        elif not self.strokes:
            self.strokes.append([])
        self.strokes[-1].append((x, y))
        self.points += 1
        if self.points > TRAIL_MAX:
            self._forget_oldest(TRAIL_MAX // 2)

    def _forget_oldest(self, count: int) -> None:
        """Drop about count of the oldest points (a trail hours long)."""
        while count > 0 and self.strokes:
            first = self.strokes[0]
            cut = min(count, len(first))
            if cut == len(first) and len(self.strokes) > 1:
                self.strokes.pop(0)
            else:
                cut = min(cut, len(first) - 1)
                del first[:cut]
                if cut == 0:
                    break
            self.points -= cut
            count -= cut
        self.generation += 1

    def set_pen(self, down: bool, x: float, y: float) -> None:
        if down and not self.pen_down:
            self.strokes.append([])
        self.pen_down = down
        self.moved(x, y)

    def jump(self, x: float, y: float) -> None:
        """The robot was picked up and put down elsewhere: a new stroke."""
        self.strokes.append([])
        self.moved(x, y)

    def since(self, mark: TrailMark) -> tuple[TrailMark, list[list[tuple[float, float]]], bool]:
        """What was drawn after mark: a new mark, the pieces, and whether to start afresh.

        Unless starting afresh, the first piece continues the last stroke seen at mark.
        """
        generation, strokes, points = mark
        if generation != self.generation or strokes > len(self.strokes):
            strokes = points = 0
        pieces = [list(self.strokes[strokes - 1][points:])] if strokes else []
        pieces += [list(s) for s in self.strokes[strokes:]]
        last = len(self.strokes[-1]) if self.strokes else 0
        return (self.generation, len(self.strokes), last), pieces, strokes == 0

    def clear(self, x: float, y: float) -> None:
        self.strokes = []
        self.points = 0
        self.generation += 1
        self.moved(x, y)


class SegmentGrid:
    """Segments filed by the square cells they pass near, to find the ones near a point fast."""

    def __init__(self, segments: list[tuple[Segment, float]], reach: float,
                 cell: float = 5.0) -> None:
        self.cell = cell
        self.segments = [s for s, _ in segments]
        self.extra = [e for _, e in segments]
        self.cells: dict[tuple[int, int], list[int]] = defaultdict(list)
        for i, ((x1, y1, x2, y2), extra) in enumerate(segments):
            pad = extra + reach
            for cx in range(self._index(min(x1, x2) - pad), self._index(max(x1, x2) + pad) + 1):
                for cy in range(self._index(min(y1, y2) - pad),
                                self._index(max(y1, y2) + pad) + 1):
                    if point_segment_distance((cx + 0.5) * cell, (cy + 0.5) * cell,
                                              (x1, y1, x2, y2)) <= pad + cell * 0.7072:
                        self.cells[(cx, cy)].append(i)

    def _index(self, v: float) -> int:
        return math.floor(v / self.cell)

    def near(self, x: float, y: float) -> list[int]:
        return self.cells.get((self._index(x), self._index(y)), [])


def point_segment_distance(px: float, py: float, seg: Segment) -> float:
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length2))
    return math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))


def ray_distance(px: float, py: float, dx: float, dy: float, seg: Segment) -> float | None:
    """How far along the ray from (px, py) in unit direction (dx, dy) it meets seg, if it does."""
    x1, y1, x2, y2 = seg
    ex, ey = x2 - x1, y2 - y1
    denominator = dx * ey - dy * ex
    if denominator == 0:
        return None
    wx, wy = x1 - px, y1 - py
    t = (wx * ey - wy * ex) / denominator
    u = (wx * dy - wy * dx) / denominator
    if t >= 0 and 0 <= u <= 1:
        return t
    return None


def segments_cross(a: Segment, b: Segment) -> bool:
    ax, ay = a[2] - a[0], a[3] - a[1]
    length = math.hypot(ax, ay)
    if length == 0:
        return False
    hit = ray_distance(a[0], a[1], ax / length, ay / length, b)
    return hit is not None and hit <= length


class Robot:
    """A two-wheeled robot in a world. Not thread-safe: one owner steps it."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.motors = {n: Motor() for n in range(1, 5)}
        self.trail = Trail()
        self._tape = SegmentGrid([(s, t.width / 2) for t in world.tapes for s in t.segments],
                                 reach=SPOT)
        self._walls = SegmentGrid([(s, 0.0) for s in world.walls], reach=world.radius + 2)
        self.x = self.y = self.heading = 0.0  # heading in radians
        self.place(world.start)

    # -- where it is ---------------------------------------------------------

    @property
    def pose(self) -> Pose:
        return Pose(self.x, self.y, math.degrees(self.heading) % 360)

    def place(self, pose: Pose) -> None:
        """Put the robot down at pose (the start, or where it was dragged to)."""
        self.x, self.y, self.heading = pose.x, pose.y, math.radians(pose.heading)
        self.trail.jump(self.x, self.y)

    def at(self, forward: float, left: float) -> tuple[float, float]:
        """The floor point `forward` cm ahead and `left` cm to the left of the robot's middle."""
        c, s = math.cos(self.heading), math.sin(self.heading)
        return self.x + forward * c - left * s, self.y + forward * s + left * c

    # -- motors --------------------------------------------------------------

    def set_motor(self, number: int, power: float, on: bool, direction: str) -> None:
        if number in self.motors:
            self.motors[number] = Motor(max(0.0, min(1.0, power)), on, direction)

    def stop_all(self) -> None:
        for n in self.motors:
            self.motors[n] = Motor()

    def wheel_speed(self, wheel: Wheel) -> float:
        drive = self.motors[wheel.motor].drive()
        return self.world.speed * (drive if wheel.forward == "right" else -drive)

    # -- motion --------------------------------------------------------------

    def advance(self, seconds: float) -> None:
        """Let the wheels turn for this long."""
        left, right = self.wheel_speed(self.world.left), self.wheel_speed(self.world.right)
        if left == 0 and right == 0:
            return
        while seconds > 0:
            dt = min(seconds, MAX_STEP)
            seconds -= dt
            self._step(left, right, dt)

    def _step(self, left: float, right: float, dt: float) -> None:
        v = (left + right) / 2
        omega = (right - left) / self.world.axle
        turn = omega * dt
        if abs(turn) < 1e-12:
            dx, dy = v * dt * math.cos(self.heading), v * dt * math.sin(self.heading)
        else:
            r = v / omega
            dx = r * (math.sin(self.heading + turn) - math.sin(self.heading))
            dy = -r * (math.cos(self.heading + turn) - math.cos(self.heading))
        self.heading = (self.heading + turn) % (2 * math.pi)
        if dx or dy:
            self._move(dx, dy)
            self.trail.moved(self.x, self.y)

    def _move(self, dx: float, dy: float) -> None:
        """Move the body, sliding along a wall it runs into."""
        if not self.world.walls:
            self.x += dx
            self.y += dy
            return
        before = self.clearance(self.x, self.y)
        if self._fits(self.x + dx, self.y + dy, before):
            self.x += dx
            self.y += dy
            return
        # Slide: keep the part of the move along the nearest wall.
        nx, ny = self._away_from_wall()
        into = dx * nx + dy * ny
        if into < 0:
            dx, dy = dx - into * nx, dy - into * ny
            if self._fits(self.x + dx, self.y + dy, before):
                self.x += dx
                self.y += dy

    def _fits(self, x: float, y: float, before: float) -> bool:
        after = self.clearance(x, y)
        return after >= self.world.radius or after > before

    def clearance(self, x: float, y: float) -> float:
        """How far the point is from the nearest wall (infinite with none near)."""
        walls = self._walls
        return min((point_segment_distance(x, y, walls.segments[i]) for i in walls.near(x, y)),
                   default=math.inf)

    def _away_from_wall(self) -> tuple[float, float]:
        best, normal = math.inf, (0.0, 0.0)
        for i in self._walls.near(self.x, self.y):
            x1, y1, x2, y2 = self._walls.segments[i]
            dx, dy = x2 - x1, y2 - y1
            length2 = dx * dx + dy * dy
            t = max(0.0, min(1.0, ((self.x - x1) * dx + (self.y - y1) * dy) / length2))
            nx, ny = self.x - (x1 + t * dx), self.y - (y1 + t * dy)
            d = math.hypot(nx, ny)
            if 0 < d < best:
                best, normal = d, (nx / d, ny / d)
        return normal

    # -- sensors -------------------------------------------------------------

    def read(self, sensor: Sensor) -> float:
        x, y = self.at(sensor.forward, sensor.left)
        if sensor.kind == "light":
            return self._light(x, y)
        if sensor.kind == "distance":
            return self._distance(x, y, self.heading + math.radians(sensor.angle))
        return 1.0 if self._bumped(x, y) else 0.0

    def readings(self) -> dict[int, float]:
        """Every sensor's value, by pin number."""
        return {s.pin_number: self.read(s) for s in self.world.sensors}

    def _light(self, x: float, y: float) -> float:
        tape = self._tape
        cover = 0.0
        for i in tape.near(x, y):
            edge = point_segment_distance(x, y, tape.segments[i]) - tape.extra[i]
            cover = max(cover, min(1.0, max(0.0, 0.5 - edge / (2 * SPOT))))
            if cover == 1.0:
                break
        return WHITE + (BLACK - WHITE) * cover

    def _distance(self, x: float, y: float, angle: float) -> float:
        dx, dy = math.cos(angle), math.sin(angle)
        hits = (ray_distance(x, y, dx, dy, wall) for wall in self.world.walls)
        nearest = min((d for d in hits if d is not None), default=math.inf)
        if nearest > RANGE:
            return 0.0
        return min(1.0, NEAR / nearest) if nearest > 0 else 1.0

    def _bumped(self, x: float, y: float) -> bool:
        reach = (self.x, self.y, x, y)
        return self.clearance(x, y) <= TOUCH or any(
            segments_cross(reach, wall) for wall in self.world.walls)
