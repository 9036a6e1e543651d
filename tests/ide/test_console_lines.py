# SPDX-License-Identifier: GPL-3.0-or-later
"""Counting the board's console lines from its prompts, as its errors number them."""

from __future__ import annotations

from snekide.device.console_lines import ConsoleLines
from snekide.device.protocol import CTRL_C, INTERRUPT, QUIET_INTERRUPT, command

NEWLINE = ord("\n")


def send(lines: ConsoleLines, data: bytes) -> None:
    lines.sent(data, CTRL_C, NEWLINE)


def test_unknown_until_the_board_starts_then_one_line_per_prompt():
    lines = ConsoleLines()
    assert lines.prompt() is None
    lines.booted()
    assert lines.prompt() == 1
    send(lines, command(b"def f():"))
    assert lines.prompt() == 2
    send(lines, command(b""))
    assert lines.prompt() == 3


def test_an_interrupt_at_a_waiting_prompt_asks_for_the_same_line_again():
    lines = ConsoleLines()
    lines.booted()
    lines.prompt()                        # waits for line 1
    send(lines, QUIET_INTERRUPT + b"eeprom.show(1)\n")
    lines.interrupted()
    assert lines.prompt() == 1            # after ^C: line 1 still
    assert lines.prompt() == 2            # eeprom.show(1) was line 1


def test_an_interrupt_of_a_running_line_counts_it():
    lines = ConsoleLines()
    lines.booted()
    lines.prompt()
    send(lines, command(b"while True: pass"))
    send(lines, INTERRUPT)
    lines.interrupted()
    assert lines.prompt() == 2


def test_the_board_naming_its_line_settles_the_count():
    lines = ConsoleLines()
    lines.prompt()
    lines.found(17)                       # `<stdin>:17 Syntax error at ")".`
    assert lines.prompt() == 18
