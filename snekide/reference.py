# SPDX-License-Identifier: GPL-3.0-or-later
"""The quick reference of Help: the language, each board's built-ins and pins, and a search.

Which names a board has comes from help_names (generated from the firmware's own tables);
only the explanations are written here, and the tests check that each built-in the firmware
has is explained, with the same number of values in its brackets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from snekide import help_names

LANGUAGE = "The language"
BUILTINS = "Built-in functions"
PINS = "Pins"

_WORD = re.compile(r"[a-z0-9_]+")

#: The boards the reference knows, as students know them.
BOARDS = {"snekboard": "Snekboard", "uno": "Arduino Uno"}


@dataclass(frozen=True)
class Topic:
    """One entry of the reference."""

    section: str
    title: str              # how it is written: print(value, ...), while condition:
    text: str               # what it does, in a sentence or two
    example: str = ""
    names: tuple[str, ...] = ()   # the names or words it explains

    def matches(self, words: list[str]) -> bool:
        """Whether every search word starts a word of the topic (any case): 'led' finds LED,
        not 'called'. A word of signs only ('==') is looked for anywhere."""
        haystack = " ".join((self.title, self.text, self.example, *self.names)).lower()
        tokens = _WORD.findall(haystack)
        return all(any(token.startswith(word) for token in tokens) if _WORD.fullmatch(word)
                   else word in haystack for word in words)


def _lang(title: str, words: str, text: str, example: str = "") -> Topic:
    return Topic(LANGUAGE, title, text, example, tuple(words.split()))


#: The language itself: every keyword of firmware/grammar.ll is explained here.
LANGUAGE_TOPICS = [
    _lang("Numbers", "", "Numbers can be whole (7) or have a point (2.5). / always divides "
          "exactly, // divides and drops what is left, % is what is left, ** is power.",
          "print(7 / 2, 7 // 2, 7 % 2, 2 ** 3)"),
    _lang("Text", "", "Text goes between quotes: 'robot' or \"robot\". + joins texts, "
          "len() counts letters, text[0] is the first letter. % puts values into text.",
          "name = 'Sam'\nprint('Hello ' + name)\nprint('%d legs' % 4)"),
    _lang("Lists, tuples and dictionaries", "", "A list holds values in order and can change: "
          "[1, 2, 3]. A tuple is a list that cannot change: (1, 2). A dictionary finds a value "
          "by its key: {'red': 1, 'green': 2}.",
          "speeds = [0.2, 0.5, 1]\nprint(speeds[0], len(speeds))"),
    _lang("True, False and None", "True False None", "True and False are the answers of "
          "comparisons. None means 'no value'.", "print(3 > 2)"),
    _lang("Names and =", "global del", "name = value gives a value a name; += adds to it. "
          "global lets a function change a name from outside it. del removes a name, or an "
          "item from a list or dictionary.", "count = 0\ncount += 1"),
    _lang("Comparing", "is in", "== equal, != not equal, < > <= >=. in asks whether a value "
          "is inside a list, text or dictionary; is asks whether two names are the very same "
          "value. Write == to compare: = gives a name a value.",
          "if distance < 10:\n    print('close!')"),
    _lang("and, or, not", "and or not", "Join conditions: both true (and), one of them "
          "true (or), the opposite (not).", "if x > 0 and x < 10:\n    print('small')"),
    _lang("if / elif / else", "if elif else", "Do something only when a condition is true. "
          "The lines inside are pushed in by four spaces; the if line ends with a colon.",
          "if light > 0.5:\n    on()\nelse:\n    off()"),
    _lang("while", "while", "Repeat the lines inside as long as the condition is true. "
          "Press Stop (or Escape) to stop a loop that never ends.",
          "while read(A1) < 0.5:\n    onfor(0.1)"),
    _lang("for and range", "for range in", "Repeat for each value: range(4) gives 0, 1, 2, "
          "3; range(2, 5) gives 2, 3, 4. for also goes through lists and texts.",
          "for side in range(4):\n    onfor(1)"),
    _lang("break, continue, pass", "break continue pass", "break leaves a loop at once; "
          "continue skips to its next round; pass does nothing (a block needs a line).",
          "for i in range(10):\n    if i == 3:\n        break"),
    _lang("def and return", "def return", "def makes your own function; return gives back "
          "a value. Define a function before you use it.",
          "def square(size):\n    for side in range(4):\n        onfor(size)\n\nsquare(1)"),
    _lang("assert", "assert", "assert checks that something is true, and stops with an "
          "error if it is not.", "assert len(speeds) == 3"),
    _lang("import", "import from", "import and from ... import * are allowed and do "
          "nothing: every built-in is always there.", "import time"),
    _lang("Comments", "", "Everything after # on a line is a note for people; Snek "
          "skips it.", "on()  # start the motor"),
    _lang("Not in Snek", "", "Snek is a small Python: there are no classes, try/except, "
          "lambda, with, list comprehensions or methods like list.append (use "
          "speeds += [2] instead)."),
]


def _fn(title: str, text: str, example: str = "") -> Topic:
    name = title.split("(", 1)[0]
    return Topic(BUILTINS, title, text, example, (name,))


def _const(names: str, title: str, text: str, example: str = "") -> Topic:
    return Topic(BUILTINS, title, text, example, tuple(names.split()))


#: Every built-in of any board, explained. Titles show the values in the brackets:
#: [optional] and ... (any number), matched against the firmware by the tests.
BUILTIN_TOPICS = [
    _fn("print(value, ..., end='\\n')", "Show values in the REPL, with spaces between them.",
        "print('speed', 0.5)"),
    _fn("input([question])", "Wait for a line typed in the REPL and give it back as text.",
        "name = input('Name? ')"),
    _fn("len(value)", "How many items a list, tuple or dictionary has, or letters a text has.",
        "len('robot')"),
    _fn("str(value)", "The value as text.", "'I am ' + str(11)"),
    _fn("int(value)", "The value as a whole number (it cuts off what is after the point); "
        "works on text like '42' too.", "int('42') + 1"),
    _fn("float(value)", "The value as a number; works on text like '2.5' too.", "float('2.5')"),
    _fn("abs(x)", "x without its minus sign.", "abs(-3)"),
    _fn("round(x[, digits])", "x rounded to the nearest whole number, or to that many digits "
        "after the point.", "round(2.675, 2)"),
    _fn("ord(text)", "The number of a letter.", "ord('A')"),
    _fn("chr(number)", "The letter with that number.", "chr(65)"),
    _fn("sys.stdout.flush()", "Show printed text at once (it is shown anyway at the end of "
        "each line)."),
    _fn("reset()", "Restart the robot: it forgets what you typed and runs its stored program."),
    _fn("eeprom.write()", "Store the text that follows as the robot's program (Put does it "
        "for you)."),
    _fn("eeprom.show([marks])", "Print the robot's stored program (Get does it for you)."),
    _fn("eeprom.load()", "Run the stored program again, as at start."),
    _fn("eeprom.erase()", "Erase the stored program."),
    _fn("talkto(pin)", "Choose the pin or motor that on(), off(), setpower() and the others "
        "work on. A motor is a pair of pins: its name (like M1), or talkto((3, 4)).",
        "talkto({pin})\non()"),
    _fn("setpower(power)", "How strong: 0 is off, 1 is full power.", "setpower(0.5)"),
    _fn("setleft()", "Turn the motor one way."),
    _fn("setright()", "Turn the motor the other way."),
    _fn("on()", "Switch the chosen pin or motor on.", "talkto({pin})\non()"),
    _fn("off()", "Switch the chosen pin or motor off."),
    _fn("onfor(seconds)", "Switch on, wait that many seconds, switch off.", "onfor(0.5)"),
    _fn("read(pin)", "Read a pin: a digital pin gives 0 or 1, an analog pin a number from "
        "0 to 1.", "print(read(A1))"),
    _fn("pullnone(pin)", "Let an input pin float (for sensors that drive the pin)."),
    _fn("pullup(pin)", "Pull an input pin up: it reads 1 until a button connects it to "
        "ground."),
    _fn("pulldown(pin)", "Pull an input pin down: it reads 0 until something drives it."),
    _fn("stopall()", "Switch every pin and motor off. Stop does this too."),
    _fn("neopixel(colours)", "Light the NeoPixels: a list of (red, green, blue) values from "
        "0 to 1.", "talkto(NEOPIXEL)\nneopixel([(1, 0, 0)])"),
    _fn("tone(frequency)", "Play a note on the audio pin until tone(0).", "tone(tone.A)"),
    _fn("tonefor(frequency, seconds)", "Play a note for that many seconds.",
        "tonefor(tone.C, 0.5)"),
    _const("tone.C tone.Csharp tone.D tone.Dsharp tone.E tone.F tone.Fsharp tone.G "
           "tone.Gsharp tone.A tone.Asharp tone.B", "tone.C ... tone.B",
           "The notes of the middle octave, for tone() and tonefor(); tone.Csharp is also "
           "tone.Dflat, and so on.", "tonefor(tone.E, 0.25)"),
    _fn("sleep(seconds)", "Wait that many seconds (Stop interrupts it).", "sleep(0.5)"),
    _fn("monotonic()", "Seconds since the robot started, to measure time.",
        "start = monotonic()"),
    _fn("random()", "A random number from 0 up to (not including) 1."),
    _fn("randrange(n)", "A random whole number from 0 to n - 1.", "randrange(6) + 1"),
    _fn("seed(number)", "Start random numbers from a fixed point, to get the same ones again."),
    _const("pi e tau inf nan", "pi, e, tau, inf, nan", "Numbers: pi is 3.14159..., tau is "
           "2 × pi, e is 2.71828..., inf is bigger than any number, nan is 'not a number'.",
           "print(2 * pi * 10)"),
    _fn("sqrt(x)", "The square root of x.", "sqrt(16)"),
    _fn("pow(x, y)", "x to the power y, like x ** y.", "pow(2, 10)"),
    _fn("floor(x)", "x rounded down."),
    _fn("ceil(x)", "x rounded up."),
    _fn("trunc(x)", "x without what is after the point."),
    _fn("fabs(x)", "x without its minus sign."),
    _fn("exp(x)", "e to the power x."),
    _fn("log(x[, base])", "The logarithm of x (natural, or in that base).", "log(100, 10)"),
    _fn("sin(angle)", "The sine of an angle in radians (see radians())."),
    _fn("cos(angle)", "The cosine of an angle in radians."),
    _fn("tan(angle)", "The tangent of an angle in radians."),
    _fn("asin(x)", "The angle whose sine is x, in radians."),
    _fn("acos(x)", "The angle whose cosine is x, in radians."),
    _fn("atan(x)", "The angle whose tangent is x, in radians."),
    _fn("atan2(y, x)", "The angle of the point (x, y), in radians."),
    _fn("hypot(x, y)", "The length of the line from (0, 0) to (x, y)."),
    _fn("degrees(angle)", "Radians to degrees."),
    _fn("radians(angle)", "Degrees to radians.", "sin(radians(30))"),
    _fn("sinh(x)", "The hyperbolic sine of x."),
    _fn("cosh(x)", "The hyperbolic cosine of x."),
    _fn("tanh(x)", "The hyperbolic tangent of x."),
    _fn("asinh(x)", "The inverse hyperbolic sine of x."),
    _fn("acosh(x)", "The inverse hyperbolic cosine of x."),
    _fn("atanh(x)", "The inverse hyperbolic tangent of x."),
    _fn("copysign(x, y)", "x with the sign of y."),
    _fn("factorial(n)", "1 × 2 × ... × n.", "factorial(5)"),
    _fn("fmod(x, y)", "What is left after dividing x by y, with the sign of x."),
    _fn("remainder(x, y)", "x minus the nearest multiple of y."),
    _fn("frexp(x)", "x split into a fraction and a power of two."),
    _fn("ldexp(x, n)", "x times 2 to the power n."),
    _fn("modf(x)", "The part after the point and the whole part of x."),
    _fn("fsum(numbers)", "The sum of a list of numbers.", "fsum([1, 2, 3])"),
    _fn("gcd(a, b)", "The greatest common divisor of two whole numbers.", "gcd(12, 18)"),
    _fn("isclose(a, b)", "Whether two numbers are nearly equal (rel_tol= and abs_tol= say "
        "how nearly)."),
    _fn("isfinite(x)", "Whether x is a normal number (not inf or nan)."),
    _fn("isinf(x)", "Whether x is inf or -inf."),
    _fn("isnan(x)", "Whether x is nan."),
    _fn("expm1(x)", "e to the power x, minus 1."),
    _fn("exp2(x)", "2 to the power x."),
    _fn("log1p(x)", "The natural logarithm of 1 + x."),
    _fn("log2(x)", "The logarithm of x in base 2."),
    _fn("log10(x)", "The logarithm of x in base 10."),
    _fn("erf(x)", "The error function of x."),
    _fn("erfc(x)", "1 minus the error function of x."),
    _fn("gamma(x)", "The gamma function of x."),
    _fn("lgamma(x)", "The logarithm of the gamma function of x."),
]


def _rows(board: str) -> list[tuple[str, tuple[str, ...], int, int]]:
    return list(help_names.BUILTINS.get(board, []))


def board_names(board: str) -> set[str]:
    """Every built-in name the board's firmware has (module names too: math.sqrt)."""
    return {name for _kind, names, _lo, _hi in _rows(board) for name in names}


def aliases(name: str) -> tuple[str, ...]:
    """The other names of the same built-in (sqrt: math.sqrt), on any board."""
    for board in help_names.BUILTINS:
        for _kind, names, _lo, _hi in _rows(board):
            if name in names:
                return tuple(other for other in names if other != name)
    return ()


def _pin_value(value: int | tuple[int, int]) -> str:
    if isinstance(value, tuple):
        return f"a motor: power pin {value[0]}, direction pin {value[1]}"
    return f"pin {value}"


def pin_topics(board: str) -> list[Topic]:
    """The board's pin names, from the firmware's pin table, grouped by what they are."""
    pins = help_names.PINS.get(board, {})
    groups: dict[str, list[str]] = {}
    for name, value in pins.items():
        kind = re.sub(r"\d+$", "", name) if name[-1:].isdigit() else name
        groups.setdefault(kind, []).append(f"{name} ({_pin_value(value)})")
    words = {"D": "Digital pins: on, off, read 0 or 1.",
             "A": "Analog pins: read() gives a number from 0 to 1.",
             "M": "Motors: talkto(M1), then on(), setpower(), setleft(), setright().",
             "LED": "The light on the board.", "NEOPIXEL": "The NeoPixel lights: neopixel()."}
    topics = []
    for kind, entries in groups.items():
        names = tuple(name.split(" ")[0] for name in entries)
        title = names[0] if len(names) == 1 else f"{names[0]} ... {names[-1]}"
        topics.append(Topic(PINS, title, words.get(kind, "Pin names.") + " " +
                            ", ".join(entries) + ".", names=names))
    return topics


def example_pin(board: str) -> str:
    """A pin to show in examples: the board's light, else its first motor, else its first pin."""
    pins = list(help_names.PINS.get(board, {}))
    for name in ("LED", "M1"):
        if name in pins:
            return name
    return pins[0] if pins else "(3, 4)"


def topics(board: str) -> list[Topic]:
    """The whole reference for a board: the language, its built-ins, its pins."""
    known = board_names(board)
    pin = example_pin(board)
    builtins = []
    for topic in BUILTIN_TOPICS:
        if any(name in known for name in topic.names):
            others = [alias for name in topic.names for alias in aliases(name)]
            text = topic.text
            if others and len(topic.names) == 1:
                text = f"{text} (Also called {', '.join(others)}.)"
            builtins.append(Topic(topic.section, topic.title, text,
                                  topic.example.replace("{pin}", pin),
                                  topic.names + tuple(others)))
    return [*LANGUAGE_TOPICS, *builtins, *pin_topics(board)]


def search(board: str, query: str) -> list[Topic]:
    """The topics of board that contain every word of query (all of them for no words)."""
    words = query.lower().split()
    return [topic for topic in topics(board) if topic.matches(words)]
