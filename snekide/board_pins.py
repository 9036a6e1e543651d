# SPDX-License-Identifier: GPL-3.0-or-later
"""What the board view shows: a board's pins and their state, kept up to date from events.

The events are the side channel's (snekide.device.side_channel): the simulator reports them,
and on a real robot snekide.typed_pins makes the same events from the lines typed at the
REPL. BoardPins is thread-safe: the side channel's reader thread feeds it, and the view takes
a Picture (an immutable copy) when it draws. No Qt here.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from snekide.device.side_channel import (BoardDescribed, ChannelClosed, ChannelOpened, Event,
                                         Flooding, Garbled, InputGiven, InputsHeld, MotorOutput,
                                         NeoPixels, PinOutput, PinPull, Tone)
from snekide.help_names import SIMULATOR_PINS

#: Pins named like this read through the ADC (0..1) on every board we know.
ANALOG_NAME = re.compile(r"A\d+$")

SIMULATOR = "simulator"
ROBOT = "robot"
NOTHING = "nothing"

STOPPED = "The simulator stopped. Press Connect to start it again."
FLOODING = ("Your program switches its pins very fast, faster than this picture can follow: "
            "it shows where they are every moment, not every change.")
GARBLED = "The simulator sent something the board view could not read; some changes may be missing."


@dataclass(frozen=True)
class PinSpot:
    """One pin of the picture: its names and whether it reads through the ADC."""
    names: tuple[str, ...]    # 'D13', 'LED'
    number: int
    analog: bool

    @property
    def name(self) -> str:
        return self.names[0]


@dataclass(frozen=True)
class MotorSpot:
    """A motor output: M1..M4, a (power, direction) pair of pins."""
    name: str
    number: int               # from 1, as the side channel counts them
    pins: tuple[int, int]


@dataclass(frozen=True)
class Layout:
    """A board's pins as the picture lays them out."""
    board: str
    pins: tuple[PinSpot, ...] = ()
    motors: tuple[MotorSpot, ...] = ()
    neopixel: int | None = None

    def pin(self, name_or_number: str | int) -> PinSpot | None:
        for spot in self.pins:
            if name_or_number == spot.number or name_or_number in spot.names:
                return spot
        return None

    def names(self) -> dict[str, int | tuple[int, int]]:
        """Every name a program may use, and its pin or pair of pins."""
        found: dict[str, int | tuple[int, int]] = {}
        for spot in self.pins:
            for name in spot.names:
                found[name] = spot.number
        for motor in self.motors:
            found[motor.name] = motor.pins
        if self.neopixel is not None:
            found["NEOPIXEL"] = self.neopixel
        return found


def layout_for(board: str, analog: Iterable[int] | None = None,
               motors: Iterable[tuple[int, int]] | None = None) -> Layout:
    """The layout of a board the firmware knows ('uno', 'snekboard'); an empty one otherwise.

    Names come from the firmware's pin tables (help_names.SIMULATOR_PINS). The analog pins
    and motors are the simulator's own description when given, else read off the names.
    """
    table = SIMULATOR_PINS.get(board, {})
    by_number: dict[int, list[str]] = {}
    motor_spots: list[MotorSpot] = []
    neopixel = None
    for name, value in table.items():
        if isinstance(value, tuple):
            motor_spots.append(MotorSpot(name, len(motor_spots) + 1, value))
        elif name == "NEOPIXEL":
            neopixel = value
        else:
            by_number.setdefault(value, []).append(name)
    if motors is not None:
        pairs = list(motors)
        motor_spots = [MotorSpot(spot.name, spot.number, pairs[spot.number - 1])
                       for spot in motor_spots if spot.number <= len(pairs)]
    analog_pins = set(analog) if analog is not None else {
        number for number, names in by_number.items() if ANALOG_NAME.match(names[0])}
    pins = tuple(PinSpot(tuple(names), number, number in analog_pins)
                 for number, names in sorted(by_number.items()))
    return Layout(board, pins, tuple(motor_spots), neopixel)


@dataclass(frozen=True)
class PinLook:
    """What a pin does now. Levels as the firmware keeps them: power stays while off."""
    power: float = 1.0
    on: bool = False
    pull: str = ""            # '' until the program (or the board's start) sets one
    given: float | None = None    # the input set by hand or by a world (simulator), or
                                  # last read (robot)
    held_by: str = ""         # what sets this input in the robot's world ('light sensor')


@dataclass(frozen=True)
class MotorLook:
    power: float = 1.0
    on: bool = False
    direction: str = "right"


@dataclass(frozen=True)
class Picture:
    """Everything the view draws, at one moment."""
    layout: Layout
    source: str = NOTHING     # SIMULATOR, ROBOT or NOTHING
    pins: Mapping[int, PinLook] = field(default_factory=dict)
    motors: Mapping[int, MotorLook] = field(default_factory=dict)
    neopixels: tuple[tuple[int, int, int], ...] = ()
    tone: float = 0.0         # hertz; -1: a tone whose pitch the picture does not know
    notice: str = ""          # a fault to show in the pane
    version: int = 0

    def look(self, number: int) -> PinLook:
        return self.pins.get(number, PinLook())

    def motor(self, number: int) -> MotorLook:
        return self.motors.get(number, MotorLook())

    @property
    def held(self) -> bool:
        """Some of the inputs are set by the robot's world (its sensors), not by hand."""
        return any(look.held_by for look in self.pins.values())

    def reads(self, spot: PinSpot) -> float:
        """What read() gives on the simulator: the value given (by hand or by the world);
        else 0 for an analog pin, and for a digital one 1 with its pull-up, 0 without
        (firmware/README.md)."""
        look = self.look(spot.number)
        if spot.analog:
            return look.given if look.given is not None else 0.0
        if look.given is not None:
            return 1.0 if look.given > 0.5 else 0.0
        return 0.0 if look.pull in ("none", "down") else 1.0


class BoardPins:
    """The picture of the board that is connected now, kept up to date from events.

    The state is kept in plain fields under a lock (events come fast, on the reader thread);
    picture() makes the immutable copy the view draws, at most once per change.
    """

    def __init__(self, source: str = NOTHING) -> None:
        self._lock = threading.Lock()
        self._layout = Layout("")
        self._source = source
        self._pins: dict[int, PinLook] = {}
        self._motors: dict[int, MotorLook] = {}
        self._neopixels: tuple[tuple[int, int, int], ...] = ()
        self._tone = 0.0
        self._notice = ""
        self._version = 0
        self._copy = Picture(self._layout)

    def picture(self) -> Picture:
        with self._lock:
            if self._copy.version != self._version:
                self._copy = Picture(self._layout, self._source, dict(self._pins),
                                     dict(self._motors), self._neopixels, self._tone,
                                     self._notice, self._version)
            return self._copy

    # -- which board -----------------------------------------------------------------

    def show(self, board: str, source: str) -> None:
        """A board was connected: its layout, every pin at rest."""
        with self._lock:
            self._layout, self._source, self._notice = layout_for(board), source, ""
            self._pins.clear()
            self._at_rest()

    def restarted(self) -> None:
        """The board restarted: outputs back at rest; inputs given stay (the simulator keeps
        them), and so do the pins the world holds."""
        with self._lock:
            self._at_rest()

    def say(self, notice: str) -> None:
        with self._lock:
            self._notice = notice
            self._version += 1

    def _at_rest(self) -> None:
        self._pins = {n: PinLook(given=look.given, held_by=look.held_by)
                      for n, look in self._pins.items()
                      if look.given is not None or look.held_by}
        self._motors.clear()
        self._neopixels, self._tone = (), 0.0
        self._version += 1

    # -- inputs -----------------------------------------------------------------------

    def give(self, number: int, value: float | None) -> None:
        """An input pin's value: set by hand, or read on a robot (None: not known)."""
        with self._lock:
            self._set_pin(number, given=value)

    # -- events -----------------------------------------------------------------------

    def take(self, events: Iterable[Event]) -> None:
        """Apply side-channel events (called on the reader thread)."""
        with self._lock:
            for event in events:
                self._apply(event)
                self._version += 1

    def _apply(self, event: Event) -> None:
        if isinstance(event, PinOutput):
            self._set_pin(event.pin, power=event.power, on=event.on)
        elif isinstance(event, MotorOutput):
            self._motors[event.motor] = MotorLook(event.power, event.on, event.direction)
        elif isinstance(event, PinPull):
            self._set_pin(event.pin, pull=event.pull)
        elif isinstance(event, NeoPixels):
            self._neopixels = event.colours
        elif isinstance(event, Tone):
            self._tone = event.hz
        elif isinstance(event, InputGiven):
            self._set_pin(event.pin, given=event.value)
        elif isinstance(event, InputsHeld):
            for number, look in list(self._pins.items()):
                if look.held_by and number not in event.pins:
                    self._set_pin(number, held_by="")
            for number, what in event.pins.items():
                self._set_pin(number, held_by=what)
        elif isinstance(event, BoardDescribed):
            self._layout = layout_for(event.board, event.analog, event.motors)
            self._at_rest()
            if self._notice in (STOPPED, GARBLED):
                self._notice = ""
        elif isinstance(event, ChannelOpened):
            self._pins.clear()   # a new simulator: nothing set by hand yet
            self._at_rest()
            self._notice = ""
        elif isinstance(event, ChannelClosed):
            self._notice = STOPPED
        elif isinstance(event, Flooding):
            if event.active:
                self._notice = FLOODING
            elif self._notice == FLOODING:
                self._notice = ""
        elif isinstance(event, Garbled):
            self._notice = self._notice or GARBLED

    def _set_pin(self, number: int, **changes: object) -> None:
        self._pins[number] = replace(self._pins.get(number, PinLook()), **changes)  # type: ignore[arg-type]
        self._version += 1
