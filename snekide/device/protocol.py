# SPDX-License-Identifier: GPL-3.0-or-later
"""The serial protocol's bytes, prompts and line endings, written once (see docs and the firmware's
core/console.c): everything that talks to a board takes them from here."""

from __future__ import annotations

# Control bytes (one byte each).
STX = 0x02     # device: the stored program's text starts (eeprom.show(1))
ETX = 0x03     # device: ... and ends; the same byte as ^C
CTRL_C = 0x03  # host: interrupt what runs; the device prints INTERRUPTED and a fresh prompt
CTRL_D = 0x04  # host: ends the text sent to eeprom.write()
ENQ = 0x05     # host: the device answers ACK once it has read every byte sent before
ACK = 0x06
CTRL_N = 0x0E  # host: the device stops echoing input
CTRL_O = 0x0F  # host: echo back on
XON = 0x11     # both: flow control on UART boards
XOFF = 0x13
DC4 = 0x14     # host: echoed at once, even while a program runs (autobaud, are-you-there)


def byte(code: int) -> bytes:
    return bytes((code,))


#: The prompts the device prints when it wants a line: a new statement, or more of one.
PROMPT = "> "
CONTINUATION_PROMPT = "+ "
#: What the device prints after an interrupt, before its fresh prompt.
INTERRUPTED = "^C\n"
#: The start of the line every board prints when it starts (tools wait for its `W`).
BANNER = "Welcome to Snek"

# Line endings. The host ends every line it sends with LF; UART boards end their output lines
# with CR LF; programs are stored with LF.
LINE_END = b"\n"


def lf_bytes(data: bytes) -> bytes:
    """Bytes a board printed or echoed, with its CR LF line endings as the LF it stores."""
    return data.replace(b"\r\n", b"\n")


def lf_lines(text: str) -> str:
    """Text with every line ending (CR LF, CR or LF) as LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def program_text(text: str) -> str:
    """A program as a board stores it: LF line endings, and a last line that ends."""
    text = lf_lines(text)
    return text if not text or text.endswith("\n") else text + "\n"


# Command lines the IDE sends (each followed by LINE_END).
STORE_COMMAND = b"eeprom.write()"   # then the program text and CTRL_D
SHOW_COMMAND = b"eeprom.show(1)"    # the program comes back between STX and ETX
RESET_COMMAND = b"reset()"
STOP_ALL_COMMAND = b"stopall()"
#: A line every board refuses at once, naming its console line number in the error.
LINE_NUMBER_PROBE = b")"


def command(line: bytes) -> bytes:
    """A line run at an idle prompt, with echo off."""
    return byte(CTRL_N) + line + LINE_END


#: Interrupt a running board: echo on (for a terminal's sake), ^C, echo off again.
INTERRUPT = byte(CTRL_O) + byte(CTRL_C) + byte(CTRL_N)
#: An interrupt whose `^C` the IDE does not show (before its own commands). The ^N comes after
#: the ^C: a ^C empties what the board has not read yet, so a ^N before it could be lost.
QUIET_INTERRUPT = byte(CTRL_C) + byte(CTRL_N)
