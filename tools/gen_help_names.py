#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write snekide/help_names.py: each board's built-ins and pin names, read from the firmware.

    tools/gen_help_names.py            write snekide/help_names.py
    tools/gen_help_names.py --check    exit 1 if it is out of date

The Help menu's quick reference lists exactly these names, so it cannot disagree
with the firmware. Built-ins come from firmware/core/builtins.def through the C
preprocessor with each port's config.h (the same way the firmware's build makes
its name table, read with firmware/tools/gennames.py's row syntax); the Uno's pins
from firmware/ports/uno/pins.def; the simulator's boards from the tables in
firmware/ports/posix/board.c and the Snekboard's from
firmware/ports/snekboard/boards/snekboard.def; the keywords from firmware/grammar.ll.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE = ROOT / "firmware"
OUTPUT = ROOT / "snekide" / "help_names.py"

sys.path.insert(0, str(FIRMWARE / "tools"))
from gennames import ROW, split_args  # noqa: E402 - the firmware's own row syntax

#: Reference board -> the port whose configuration its firmware is built with: the real
#: board's built-ins. (The simulator, the host build, has a few more, such as tone() and
#: exit(), which a real Snekboard has not: the reference is the board's.)
PORTS = {"snekboard": "snekboard", "uno": "uno"}


def preprocess(path: Path, port: str) -> list[str]:
    """The rows of a .def file after the C preprocessor, with the port's feature flags."""
    cc = os.environ.get("CC", "cc")
    done = subprocess.run([cc, "-E", "-P", "-x", "c", f"-I{FIRMWARE / 'ports' / port}",
                           f"-I{FIRMWARE / 'core'}", str(path)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"gen_help_names: {cc} -E failed:\n{done.stderr}")
    return [line for line in done.stdout.splitlines() if line.strip()]


def rows(lines: list[str]) -> list[tuple[str, tuple[str, ...], int, int]]:
    """(kind, names, fewest arguments, most arguments) for each row; NAME rows left out."""
    found = []
    for line in lines:
        match = ROW.match(line)
        if not match:
            sys.exit(f"gen_help_names: cannot read: {line.strip()}")
        kind, args = match.group(1), split_args(match.group(2))
        names = tuple(a.strip('"') for a in args if a.startswith('"'))
        if kind == "NAME":
            continue
        if kind == "FUNC":
            low, high = int(args[1]), int(args[2])
        elif kind == "SHARED":  # SHARED(c_name, body, min, max, "name", ...)
            low, high = int(args[2]), int(args[3])
        elif kind == "FLOAT1B":
            low, high = 1, 2
        elif kind.startswith("FLOAT"):
            low = high = int(kind[-1])
        else:
            low = high = -1  # a constant
        found.append(("const" if kind == "CONST" else "func", names, low, high))
    return found


def uno_pins() -> dict[str, int]:
    """The Uno's pin names (ports/uno/pins.def): name -> pin number."""
    pins = {}
    for line in preprocess(FIRMWARE / "ports" / "uno" / "pins.def", "uno"):
        match = ROW.match(line)
        if not match or match.group(1) != "CONST":
            sys.exit(f"gen_help_names: cannot read a pin: {line.strip()}")
        args = split_args(match.group(2))
        for name in args[1:]:
            pins[name.strip('"')] = int(args[0])
    return pins


def simulator_pins() -> dict[str, dict[str, int | tuple[int, int]]]:
    """Each simulated board's pin names (ports/posix/board.c): name -> pin or motor pins."""
    source = (FIRMWARE / "ports" / "posix" / "board.c").read_text()
    boards = {}
    for match in re.finditer(r'\{\s*"(\w+)",\s*\d+,\s*\w+,\s*\{(.*?)\},\s*(\d+),\s*(\w+)\s*\}',
                             source):
        board, motor_text, count, table = match.groups()
        motors = [(int(power), int(direction)) for power, direction in
                  re.findall(r"\{\s*(\d+),\s*(\d+)\s*\}", motor_text)][:int(count)]
        names_match = re.search(rf"{table}\[\]\s*=\s*\{{(.*?)\n\}};", source, re.S)
        if names_match is None:
            sys.exit(f"gen_help_names: no table {table} in board.c")
        pins: dict[str, int | tuple[int, int]] = {}
        for name, value in re.findall(r"\{\s*NAME_(\w+),\s*(-?\d+)\s*\}", names_match.group(1)):
            if name == "NONE":
                continue
            number = int(value)
            pins[name] = number if number >= 0 else motors[-1 - number]
        boards[board] = pins
    if not boards:
        sys.exit("gen_help_names: no boards found in ports/posix/board.c")
    return boards


def snekboard_pins() -> dict[str, int | tuple[int, int]]:
    """The Snekboard's pin names (ports/snekboard/boards/snekboard.def, which the simulator
    and the board both build from): name -> pin, or a motor's (power, direction) pins."""
    text = (FIRMWARE / "ports" / "snekboard" / "boards" / "snekboard.def").read_text()
    pins: dict[str, int | tuple[int, int]] = {}
    for kind, args in re.findall(r"^(NAME|MOTOR)\((.*)\)", text, re.M):
        name, *values = [arg.strip() for arg in args.split(",")]
        numbers = tuple(int(value) for value in values)
        pins[name] = numbers[0] if kind == "NAME" else (numbers[0], numbers[1])
    return pins


def keywords() -> list[str]:
    """The language's words (firmware/grammar.ll's %token_text)."""
    text = (FIRMWARE / "grammar.ll").read_text()
    return sorted(set(re.findall(r'^%token_text \w+ "([A-Za-z]+)"', text, re.M)) -
                  {"end", "indent", "dedent"} - {"of", "file", "line"})


def table(boards: dict[str, Any]) -> str:
    """A dict of boards as Python source, one row or pin a line."""
    lines = ["{"]
    for board, items in boards.items():
        if isinstance(items, dict):
            lines.append(f"    {board!r}: {{")
            lines += [f"        {name!r}: {value!r}," for name, value in items.items()]
            lines.append("    },")
        else:
            lines.append(f"    {board!r}: [")
            lines += [f"        {row!r}," for row in items]
            lines.append("    ],")
    lines.append("}")
    return "\n".join(lines)


def generate() -> str:
    pins: dict[str, dict[str, Any]] = {"uno": uno_pins()}
    simulated = simulator_pins()
    simulated.setdefault("snekboard", snekboard_pins())   # its table is the board's own
    builtins = {}
    for board, port in PORTS.items():
        every = rows(preprocess(FIRMWARE / "core" / "builtins.def", port))
        pin_names = set(pins.get(board, {}))
        builtins[board] = [row for row in every if not set(row[1]) & pin_names]
    pins["snekboard"] = simulated["snekboard"]
    parts = [
        "# SPDX-License-Identifier: GPL-3.0-or-later",
        '"""Each board\'s built-in and pin names, as the firmware defines them.',
        "",
        "Generated by tools/gen_help_names.py from firmware/core/builtins.def, the ports'",
        "pin tables and firmware/grammar.ll: do not edit (tests/ide/test_help.py checks it).",
        '"""',
        "",
        "#: Board -> built-ins: (kind 'func' or 'const', names, fewest and most arguments).",
        "BUILTINS: dict[str, list[tuple[str, tuple[str, ...], int, int]]] = " + table(builtins),
        "",
        "#: Board -> pin name -> pin number (a motor: its power and direction pins).",
        "PINS: dict[str, dict[str, int | tuple[int, int]]] = " + table(pins),
        "",
        "#: The simulator's boards (`snek --board NAME`): pin name -> pin number or motor pins.",
        "SIMULATOR_PINS: dict[str, dict[str, int | tuple[int, int]]] = " + table(simulated),
        "",
        "#: The words of the language.",
        "KEYWORDS: list[str] = [",
        *textwrap.wrap(", ".join(repr(word) for word in keywords()) + ",", 96,
                       initial_indent="    ", subsequent_indent="    "),
        "]",
        "",
    ]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    text = generate()
    if "--check" in argv:
        if not OUTPUT.is_file() or OUTPUT.read_text() != text:
            print(f"{OUTPUT} is out of date: run tools/gen_help_names.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
