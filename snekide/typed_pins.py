# SPDX-License-Identifier: GPL-3.0-or-later
"""A real robot's pins as far as the IDE can know them: from the lines typed at the REPL.

A real board does not report its pins, so the board view follows what the student types:
`talkto(M1); setpower(0.5); on()` becomes the same events the simulator would report
(snekide.device.side_channel), by the rules of the firmware's gpio module (firmware/core/
gpio.c): talkto picks a pin or a (power, direction) pair, every pin keeps its power level
(1 at start) while off, setleft/setright switch the direction pin, stopall turns every pin
off and the tone too. Only calls with plain values are followed (numbers, pin names,
tuples); anything else that may change a pin (a variable, a loop, a function of the
student's) makes the picture uncertain. `read(PIN)` typed alone is answered by the next
number the robot prints. No Qt here.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass

from snekide.board_pins import BoardPins, Layout
from snekide.device.side_channel import (MotorOutput, NeoPixels, PinOutput, PinPull, Report,
                                         Tone)
from snekide.device.protocol import BANNER

#: Calls that never change a pin.
HARMLESS = frozenset({
    "print", "read", "len", "str", "int", "float", "abs", "round", "ord", "chr", "range",
    "time.sleep", "time.monotonic", "sys.stdout.flush", "random.random", "random.randrange",
    "random.seed", "math.sqrt", "math.sin", "math.cos", "math.tan", "math.atan2",
})
PULLS = {"pullnone": "none", "pullup": "up", "pulldown": "down"}
#: Printed text kept while waiting for the end of its line.
MAX_LINE = 4096


class _Unknown(Exception):
    """An argument whose value only the robot knows."""


@dataclass(frozen=True)
class PinRead:
    """The robot printed what read() gave for this pin."""
    pin: int
    value: float


class TypedPins:
    """Follows REPL lines on a board with these pin names (Layout.names())."""

    def __init__(self, names: Mapping[str, int | tuple[int, int]],
                 motors: Mapping[tuple[int, int], int] | None = None) -> None:
        self.names = dict(names)
        self.motors = dict(motors or {})   # (power, direction) pins -> motor number
        self.uncertain = False             # something typed may have changed pins unseen
        self._power: int | None = None     # talkto's pins, as gpio.c keeps them
        self._direction: int | None = None
        self._levels: dict[int, float] = {}
        self._on: set[int] = set()
        self._reading: int | None = None   # read(PIN) sent: the next number printed is it

    # -- what the student typed --------------------------------------------------------

    def typed(self, line: str) -> list[Report]:
        """The pin changes a REPL line makes, as far as they can be known."""
        self._reading = None
        try:
            tree = ast.parse(line.strip())
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return []   # the robot will say what is wrong; it changes nothing
        reports: list[Report] = []
        for statement in tree.body:
            call = _plain_call(statement)
            if call is None or not self._follow(call, reports):
                if _may_change_pins(statement):
                    self.uncertain = True
        if len(tree.body) == 1:
            call = _plain_call(tree.body[0])
            if call is not None and _call_name(call) in ("read", "print"):
                self._reading = self._read_pin(call)
        return reports

    def printed(self, line: str) -> PinRead | None:
        """A line the robot printed: the answer to a read() typed just before, if it is one."""
        if not line.strip():
            return None   # not an answer: keep waiting for it
        pin, self._reading = self._reading, None
        if pin is None:
            return None
        try:
            value = float(line.strip())
        except ValueError:
            return None
        return PinRead(pin, value)

    def restarted(self) -> None:
        """The robot restarted: every pin off, talkto forgotten; its own program runs."""
        self._power = self._direction = self._reading = None
        self._levels.clear()
        self._on.clear()

    # -- following one call --------------------------------------------------------------

    def _follow(self, call: ast.Call, reports: list[Report]) -> bool:
        """Apply one call; False when it may change pins in a way not known."""
        name = _call_name(call)
        if name in HARMLESS:
            return True
        try:
            args = [self._value(arg) for arg in call.args]
        except _Unknown:
            if name in ("tone", "tonefor"):   # tone(tone.A): a pitch only the robot knows
                reports.append(Tone(-1 if name == "tone" else 0))
                return True
            return False
        if name == "talkto" and len(args) == 1:
            return self._talk_to(args[0])
        if name in ("setpower", "on", "off", "onfor", "setleft", "setright"):
            return self._switch(name, args, reports)
        if name in PULLS and len(args) == 1 and isinstance(args[0], int):
            reports.append(PinPull(args[0], PULLS[name]))
            return True
        if name == "stopall" and not args:
            for pin in sorted(self._on):
                self._set(pin, False, reports)
            reports.append(Tone(0))
            return True
        if name == "neopixel" and len(args) == 1:
            return self._neopixel(args[0], reports)
        if name in ("tone", "tonefor") and args and _is_number(args[0]):
            reports.append(Tone(0 if name == "tonefor" else float(args[0])))  # type: ignore[arg-type]
            return True
        return False

    def _talk_to(self, target: object) -> bool:
        if isinstance(target, tuple) and len(target) == 2 and all(
                isinstance(p, int) for p in target):
            self._power, self._direction = target
            return True
        if isinstance(target, int):
            self._power, self._direction = target, None
            return True
        return False

    def _switch(self, name: str, args: list[object], reports: list[Report]) -> bool:
        if self._power is None:
            return True   # the robot answers "no pin: use talkto(pin) first"
        if name == "setpower" and len(args) == 1 and _is_number(args[0]):
            self._levels[self._power] = min(1.0, max(0.0, float(args[0])))  # type: ignore[arg-type]
            self._set(self._power, self._power in self._on, reports)
        elif name in ("setleft", "setright") and not args:
            if self._direction is not None:
                self._set(self._direction, name == "setleft", reports)
        elif name in ("on", "off") and not args:
            self._set(self._power, name == "on", reports)
        elif name == "onfor" and len(args) == 1:
            self._set(self._power, True, reports)
            self._set(self._power, False, reports)
        else:
            return False
        return True

    def _set(self, pin: int, on: bool, reports: list[Report]) -> None:
        """A pin switched, reported as the simulator does: the pin, then its motor."""
        if on:
            self._on.add(pin)
        else:
            self._on.discard(pin)
        reports.append(PinOutput(pin, self._levels.get(pin, 1.0), on))
        for (power, direction), number in self.motors.items():
            if pin in (power, direction):
                reports.append(MotorOutput(number, self._levels.get(power, 1.0),
                                           power in self._on,
                                           "left" if direction in self._on else "right"))

    def _neopixel(self, value: object, reports: list[Report]) -> bool:
        pixels = value if isinstance(value, list) else [value]
        colours = []
        for pixel in pixels:
            if not (isinstance(pixel, (tuple, list)) and len(pixel) == 3
                    and all(_is_number(c) for c in pixel)):
                return False
            r, g, b = (int(min(1.0, max(0.0, float(c))) * 255 + 0.5) for c in pixel)
            colours.append((r, g, b))
        reports.append(NeoPixels(tuple(colours)))
        return True

    def _read_pin(self, call: ast.Call) -> int | None:
        """The pin of read(PIN), or of print(read(PIN))."""
        if _call_name(call) == "print" and len(call.args) == 1 and isinstance(
                call.args[0], ast.Call):
            call = call.args[0]
        if _call_name(call) != "read" or len(call.args) != 1:
            return None
        try:
            pin = self._value(call.args[0])
        except _Unknown:
            return None
        return pin if isinstance(pin, int) else None

    # -- plain values -----------------------------------------------------------------

    def _value(self, node: ast.expr) -> object:
        if isinstance(node, ast.Constant) and _is_number(node.value):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            value = self._value(node.operand)
            if _is_number(value):
                return -value if isinstance(node.op, ast.USub) else value  # type: ignore[operator]
        if isinstance(node, ast.Name) and node.id in self.names:
            return self.names[node.id]
        if isinstance(node, (ast.Tuple, ast.List)):
            items = [self._value(item) for item in node.elts]
            return tuple(items) if isinstance(node, ast.Tuple) else items
        raise _Unknown()


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _plain_call(statement: ast.stmt) -> ast.Call | None:
    """The call a statement is, when it is nothing but a call: `on()`, `talkto(M1)`."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) and not (
            statement.value.keywords):
        return statement.value
    return None


def _call_name(call: ast.Call) -> str:
    """`on`, `time.sleep`; '' for calls of anything else."""
    func = call.func
    parts = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return ""
    return ".".join([func.id, *reversed(parts)])


def _may_change_pins(statement: ast.stmt) -> bool:
    """Whether a statement calls anything that might set a pin (all but HARMLESS calls)."""
    return any(isinstance(node, ast.Call) and _call_name(node) not in HARMLESS
               for node in ast.walk(statement))


UNCERTAIN = ("You ran something this picture cannot follow, so the robot's pins may be "
             "different from what it shows.")
PROGRAM_RUNS = ("The robot restarted and runs its own program: this picture cannot see what "
                "the program does.")


class RobotWatch:
    """Keeps a BoardPins up to date for a real robot, from the REPL lines sent to it and the
    text it prints (a read() answer, the banner of a restart)."""

    def __init__(self, pins: BoardPins, layout: Layout) -> None:
        self.pins = pins
        self.typed_pins = TypedPins(layout.names(),
                                    {motor.pins: motor.number for motor in layout.motors})
        self._partial = ""
        self._older = False   # the next line to end began before the last line was sent
        self._statement: list[str] = []   # the lines of a statement typed a line at a time

    def line_sent(self, text: str, main: bool = True) -> None:
        """A line went to the robot, at its `> ` prompt (main) or at `+ `, in a statement
        begun before (a loop's body): the statement is followed once it is complete."""
        self._older = bool(self._partial)
        self._statement = [text] if main else [*self._statement, text]
        statement = "\n".join(self._statement)
        if len(self._statement) > 1 and self._statement[-1].strip():
            return   # a block goes on until a blank line
        try:
            ast.parse(statement.strip())
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            if len(self._statement) == 1:
                return   # a loop's or a test's first line: its body follows
        self._statement = []
        self.pins.take(self.typed_pins.typed(statement))
        if self.typed_pins.uncertain:
            self.pins.say(UNCERTAIN)

    def output(self, text: str) -> None:
        lines = (self._partial + text).split("\n")
        self._partial = lines.pop()[-MAX_LINE:]
        for line in lines:
            if line.startswith(BANNER):
                self.typed_pins.restarted()
                self.pins.restarted()
                self.pins.say(PROGRAM_RUNS)
                continue
            if self._older:
                self._older = False
                continue
            answer = self.typed_pins.printed(line)
            if answer is not None:
                self.pins.give(answer.pin, answer.value)
