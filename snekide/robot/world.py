# SPDX-License-Identifier: GPL-3.0-or-later
"""World files: the floor's tape lines, the walls, the start pose and the robot's wiring.

The format is described in docs/worlds.md. Lengths are in centimetres, angles in degrees;
x grows to the east, y to the north, and a heading of 0 points east, 90 north.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

#: The worlds that ship with snekide, by name.
WORLDS_DIR = Path(__file__).resolve().parent / "worlds"
#: A world file bigger than this is refused before it is read.
MAX_BYTES = 64 * 1024
#: Tape and wall pieces a world may hold (an oval counts as OVAL_PIECES).
MAX_TAPE = 5000
MAX_WALLS = 200
#: How far from the origin a number may go.
MAX_COORD = 10000.0
#: Straight pieces an oval of tape is drawn with.
OVAL_PIECES = 120

#: The board the robot is wired to: a world's pins and motors are a Snekboard's.
ROBOT_BOARD = "snekboard"
#: Snekboard pins: analog inputs A1..A8 are pins 0..7, motors M1..M4.
ANALOG_PINS = {f"A{n}": n - 1 for n in range(1, 9)}
MOTORS = {f"M{n}": n for n in range(1, 5)}

Segment = tuple[float, float, float, float]


class WorldError(Exception):
    """A world file that cannot be used; the message is written for the student."""


@dataclass(frozen=True)
class Pose:
    x: float
    y: float
    heading: float  # degrees, 0 = east, counter-clockwise


@dataclass(frozen=True)
class Wheel:
    motor: int       # 1..4
    forward: str     # "left" or "right": the direction call that drives it forward


@dataclass(frozen=True)
class Sensor:
    kind: str        # "light", "distance" or "bumper"
    pin: str         # A1..A8
    forward: float   # cm ahead of the middle of the wheels
    left: float      # cm to the left
    angle: float = 0.0  # distance sensors: where they look, degrees from straight ahead

    @property
    def pin_number(self) -> int:
        return ANALOG_PINS[self.pin]


@dataclass(frozen=True)
class Tape:
    width: float
    segments: tuple[Segment, ...]


@dataclass(frozen=True)
class World:
    name: str
    title: str = "An empty floor"
    width: float = 200.0
    height: float = 150.0
    start: Pose = Pose(100.0, 75.0, 90.0)
    tapes: tuple[Tape, ...] = ()
    walls: tuple[Segment, ...] = ()
    left: Wheel = Wheel(3, "left")     # Snek's lesson 2: left wheel on M3, forward with setleft()
    right: Wheel = Wheel(1, "right")   # right wheel on M1, forward with setright()
    sensors: tuple[Sensor, ...] = (Sensor("light", "A1", 8.0, 0.0),)
    axle: float = 12.0       # distance between the wheels
    speed: float = 20.0      # cm/s of a wheel at power 1
    radius: float = 8.0      # the body, for bumping into walls


def world_names() -> list[str]:
    """The names of the worlds that ship with snekide."""
    return sorted(p.stem for p in WORLDS_DIR.glob("*.world"))


def load(name_or_path: str | Path) -> World:
    """A shipped world by name (oval, arena, floor), or a world file."""
    text = str(name_or_path)
    if text in world_names():
        return read(WORLDS_DIR / f"{text}.world")
    path = Path(text)
    if not path.exists():
        raise WorldError(f"There is no world called {text!r}. The worlds are: "
                         f"{', '.join(world_names())}; or give the name of a world file.")
    return read(path)


def read(path: Path) -> World:
    """Read a world file, refusing one that is too big, not text or not a world."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise WorldError(f"The world file {path.name} is too big ({size:,} bytes): a world "
                             f"file can be at most {MAX_BYTES // 1024} KB.")
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as error:
        raise WorldError(f"Could not read the world file {path.name}: "
                         f"{error.strerror or error}") from error
    if len(data) > MAX_BYTES:
        raise WorldError(f"The world file {path.name} is too big: a world file can be at most "
                         f"{MAX_BYTES // 1024} KB.")
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise WorldError(f"The world file {path.name} is not a text file.") from error
    return parse(source, path.stem)


# What each keyword takes: a description of its numbers, for messages.
_NUMBERS = {
    "floor": ("width", "height"),
    "start": ("x", "y", "heading"),
    "tape": ("width",),
    "oval": ("centre x", "centre y", "radius along x", "radius along y"),
    "robot": ("wheel spacing", "speed at full power", "body radius"),
}
_SENSOR_NUMBERS = {
    "light": ("cm ahead", "cm to the left"),
    "distance": ("cm ahead", "cm to the left", "direction it looks"),
    "bumper": ("cm ahead", "cm to the left"),
}
KEYWORDS = ("title", "floor", "start", "tape", "line", "oval", "wall", "robot", "left", "right",
            "light", "distance", "bumper")


def parse(source: str, name: str = "world") -> World:
    """A World from the text of a world file; WorldError names the line at fault."""
    return _Parser(name).parse(source)


class _Parser:
    def __init__(self, name: str) -> None:
        self.name = name
        self.values: dict[str, object] = {}
        self.tape_width = 2.0
        self.tapes: list[Tape] = []
        self.tape_count = 0
        self.walls: list[Segment] = []
        self.sensors: list[Sensor] = []
        self.used: dict[str, tuple[str, int]] = {}   # pin or motor: (what, line)
        self.lines: dict[str, int] = {}
        self.number = 0

    def fail(self, message: str) -> WorldError:
        return WorldError(f"Line {self.number} of the world file: {message}")

    def parse(self, source: str) -> World:
        for self.number, raw in enumerate(source.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word not in KEYWORDS:
                raise self.fail(f"{word!r} is not something a world can have. A line starts "
                                f"with one of: {', '.join(KEYWORDS)}.")
            if word in self.lines and word in ("title", "floor", "start", "robot", "left",
                                                "right"):
                raise self.fail(f"{word!r} was given already, on line {self.lines[word]}.")
            self.lines.setdefault(word, self.number)
            getattr(self, f"_{word}")(word, rest.split() if word != "title" else [rest.strip()])
        return self.finish()

    # -- numbers --------------------------------------------------------------

    def numbers(self, word: str, args: list[str], names: tuple[str, ...]) -> list[float]:
        if len(args) != len(names):
            raise self.fail(f"{word!r} needs {len(names)} number{'s' if len(names) > 1 else ''}: "
                            f"{', '.join(names)}.")
        return [self.number_of(a) for a in args]

    def number_of(self, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise self.fail(f"{text!r} is not a number.") from None
        if not math.isfinite(value) or abs(value) > MAX_COORD:
            raise self.fail(f"{text} is too big: numbers go from {-MAX_COORD:g} to "
                            f"{MAX_COORD:g}.")
        return value

    def points(self, word: str, args: list[str]) -> list[tuple[float, float]]:
        if len(args) < 4 or len(args) % 2:
            raise self.fail(f"{word!r} needs points: x y pairs, at least two of them.")
        values = [self.number_of(a) for a in args]
        return list(zip(values[0::2], values[1::2]))

    def positive(self, word: str, what: str, value: float, most: float = MAX_COORD) -> float:
        if not 0 < value <= most:
            raise self.fail(f"the {what} of {word!r} must be more than 0 and at most {most:g}.")
        return value

    # -- keywords -------------------------------------------------------------

    def _title(self, word: str, args: list[str]) -> None:
        self.values["title"] = args[0][:80]

    def _floor(self, word: str, args: list[str]) -> None:
        width, height = self.numbers(word, args, _NUMBERS[word])
        self.values["width"] = self.positive(word, "width", width)
        self.values["height"] = self.positive(word, "height", height)

    def _start(self, word: str, args: list[str]) -> None:
        x, y, heading = self.numbers(word, args, _NUMBERS[word])
        self.values["start"] = Pose(x, y, heading % 360)

    def _tape(self, word: str, args: list[str]) -> None:
        (width,) = self.numbers(word, args, _NUMBERS[word])
        self.tape_width = self.positive(word, "width", width, 50)

    def _add_tape(self, segments: list[Segment]) -> None:
        self.tape_count += len(segments)
        if self.tape_count > MAX_TAPE:
            raise self.fail(f"too many tape lines: a world can have at most {MAX_TAPE} pieces.")
        self.tapes.append(Tape(self.tape_width, tuple(segments)))

    def _line(self, word: str, args: list[str]) -> None:
        self._add_tape(_polyline(self.points(word, args)))

    def _oval(self, word: str, args: list[str]) -> None:
        cx, cy, rx, ry = self.numbers(word, args, _NUMBERS[word])
        self.positive(word, "radius along x", rx)
        self.positive(word, "radius along y", ry)
        corners = [(cx + rx * math.cos(2 * math.pi * i / OVAL_PIECES),
                    cy + ry * math.sin(2 * math.pi * i / OVAL_PIECES))
                   for i in range(OVAL_PIECES + 1)]
        corners[-1] = corners[0]
        self._add_tape(_polyline(corners))

    def _wall(self, word: str, args: list[str]) -> None:
        self.walls.extend(_polyline(self.points(word, args)))
        if len(self.walls) > MAX_WALLS:
            raise self.fail(f"too many walls: a world can have at most {MAX_WALLS} pieces.")

    def _robot(self, word: str, args: list[str]) -> None:
        axle, speed, radius = self.numbers(word, args, _NUMBERS[word])
        self.values["axle"] = self.positive(word, "wheel spacing", axle, 100)
        self.values["speed"] = self.positive(word, "speed", speed, 100)
        self.values["radius"] = self.positive(word, "body radius", radius, 100)
        if radius < 2:
            raise self.fail("the body radius of 'robot' must be at least 2.")

    def _wheel(self, word: str, args: list[str]) -> None:
        if len(args) != 2 or args[0].upper() not in MOTORS or args[1].lower() not in (
                "setleft", "setright"):
            raise self.fail(f"{word!r} needs a motor (M1 to M4) and the call that drives the "
                            "wheel forward (setleft or setright), like: "
                            f"{word} M1 setright")
        motor = args[0].upper()
        self.claim(motor, f"the {word} wheel")
        self.values[word] = Wheel(MOTORS[motor], args[1].lower()[3:])

    _left = _wheel
    _right = _wheel

    def _sensor(self, word: str, args: list[str]) -> None:
        names = _SENSOR_NUMBERS[word]
        if not args or args[0].upper() not in ANALOG_PINS:
            raise self.fail(f"{word!r} needs a pin (A1 to A8) and then {len(names)} numbers: "
                            f"{', '.join(names)}.")
        pin = args[0].upper()
        values = self.numbers(word, args[1:], names)
        if math.hypot(values[0], values[1]) > 100:
            raise self.fail(f"the {word} sensor is more than 100 cm from the robot.")
        self.claim(pin, f"the {word} sensor")
        self.sensors.append(Sensor(word, pin, values[0], values[1],
                                   values[2] % 360 if len(values) > 2 else 0.0))

    _light = _sensor
    _distance = _sensor
    _bumper = _sensor

    def claim(self, pin: str, what: str) -> None:
        if pin in self.used:
            other, line = self.used[pin]
            raise self.fail(f"{pin} is already used by {other} (line {line}).")
        self.used[pin] = (what, self.number)

    def finish(self) -> World:
        values = dict(self.values)
        if self.sensors:
            values["sensors"] = tuple(self.sensors)
        left, right = values.get("left", World.left), values.get("right", World.right)
        assert isinstance(left, Wheel) and isinstance(right, Wheel)
        if left.motor == right.motor:
            raise WorldError(f"In the world file, both wheels are on M{left.motor}: each wheel "
                             "needs its own motor.")
        return World(name=self.name, tapes=tuple(self.tapes), walls=tuple(self.walls),
                     **values)  # type: ignore[arg-type]


def _polyline(points: list[tuple[float, float]]) -> list[Segment]:
    return [(x1, y1, x2, y2) for (x1, y1), (x2, y2) in zip(points, points[1:])
            if (x1, y1) != (x2, y2)]
