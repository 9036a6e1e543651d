# SPDX-License-Identifier: GPL-3.0-or-later
"""Splitting the bytes a board sends into console text, prompts and protocol events.

Two kinds of bytes are not console text, and each is taken only while the board layer says it is
due, and only up to a bound, so that a lost or forged protocol byte can never swallow the console:
- the stored program between STX and ETX, after expect_program() (a Get);
- the bytes the board echoes while it reads an upload, after expect_echo() (a Put), up to the
  echo of the ^D that ends the upload.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from snekide.device.protocol import (ACK, CONTINUATION_PROMPT, CTRL_D, DC4, ETX, INTERRUPTED,
                                     PROMPT, STX, XOFF, XON)

_PROMPT_END = PROMPT[1]
assert PROMPT[1] == CONTINUATION_PROMPT[1], "prompts differ only in their first character"

#: Longest console line kept whole for matching (banner, errors); the text itself is not cut.
MAX_LINE = 4096


@dataclass(frozen=True)
class Text:
    """Console text for the student: prompts removed, CR LF turned into LF."""
    text: str


@dataclass(frozen=True)
class Line:
    """A complete line of console text (without its newline), for matching messages."""
    text: str


@dataclass(frozen=True)
class Prompt:
    """The device printed a prompt: main (`> `) or continuation (`+ `)."""
    main: bool


@dataclass(frozen=True)
class Interrupted:
    """The device printed `^C` after an interrupt."""


@dataclass(frozen=True)
class Ack:
    """ACK: every byte sent before an ENQ has been read."""


@dataclass(frozen=True)
class Echo:
    """DC4 came back (autobaud / are-you-there ping)."""


@dataclass(frozen=True)
class Program:
    """The bytes between STX and ETX (the stored program, as printed by eeprom.show(1))."""
    data: bytes


@dataclass(frozen=True)
class ProgramLost:
    """A program capture outgrew its bound (its ETX was lost): what follows is console text."""


@dataclass(frozen=True)
class EchoedInput:
    """Bytes the board echoed as it read them, exactly as they came (CR LF not turned)."""
    data: bytes


@dataclass(frozen=True)
class EndOfInput:
    """The board echoed the ^D that ends an upload: console text follows again."""


Event = (Text | Line | Prompt | Interrupted | Ack | Echo | Program | ProgramLost | EchoedInput
         | EndOfInput)


class DeviceStream:
    """Feed it bytes as they arrive; it returns events in order.

    Prompts are recognised at the start of a line; a `> ` that ends what has arrived
    so far also counts in mid-line (after `print(x, end='')`). Pieces that might be
    the start of a prompt or of `^C` are held back until the next bytes decide.
    """

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._program_limit = 0                 # > 0: an STX starts a capture this long at most
        self._capture: bytearray | None = None  # the program so far, after its STX
        self._echo = False                      # the board echoes an upload: bytes are raw
        self._cr = False
        self._held = ""
        self._at_line_start = True
        self._line: list[str] = []

    # What the board layer expects next (call between feeds, never during one)

    def expect_program(self, limit: int) -> None:
        """The next STX starts the stored program, of at most limit bytes."""
        self._program_limit = limit
        self._capture = None

    def forget_program(self) -> None:
        """No program is due any more: STX and ETX are console bytes again."""
        self._program_limit = 0
        self._capture = None

    def expect_echo(self) -> None:
        """Every byte from now on, up to an echoed ^D, is the board echoing its input."""
        self._echo = True

    def end_echo(self) -> None:
        self._echo = False

    @property
    def echoing(self) -> bool:
        return self._echo

    def feed(self, data: bytes) -> list[Event]:
        events: list[Event] = []
        run = bytearray()
        for byte in data:
            if byte in (ACK, DC4, XON, XOFF):
                self._flush_run(run, events)
                if byte == ACK:
                    events.append(Ack())
                elif byte == DC4:
                    events.append(Echo())
            elif self._echo:
                if byte == CTRL_D:
                    self._flush_run(run, events)
                    events.append(EndOfInput())
                    self._echo = False
                else:
                    run.append(byte)
            elif self._capture is not None:
                self._capture_byte(byte, events)
            elif byte == STX and self._program_limit:
                self._flush_run(run, events)
                self._capture = bytearray()
            else:
                run.append(byte)
        self._flush_run(run, events)
        return events

    def _capture_byte(self, byte: int, events: list[Event]) -> None:
        assert self._capture is not None
        if byte == ETX:
            events.append(Program(bytes(self._capture)))
            self.forget_program()
        elif byte == STX:
            self._capture = bytearray()   # what came before was noise, not the program
        elif len(self._capture) >= self._program_limit:
            events.append(ProgramLost())
            self.forget_program()
        else:
            self._capture.append(byte)

    def _flush_run(self, run: bytearray, events: list[Event]) -> None:
        if not run:
            return
        if self._echo:
            events.append(EchoedInput(bytes(run)))
            run.clear()
        else:
            self._text(run, events)

    def _text(self, run: bytearray, events: list[Event]) -> None:
        text = self._decoder.decode(bytes(run))
        run.clear()
        if self._cr:
            text = "\r" + text
            self._cr = False
        if text.endswith("\r"):
            self._cr = True
            text = text[:-1]
        self._scan(self._held + text.replace("\r\n", "\n"), events)   # CR LF from UART boards

    def _scan(self, text: str, events: list[Event]) -> None:
        self._held = ""
        out: list[str] = []
        i, n = 0, len(text)
        while i < n:
            ch = text[i]
            if ch == "^":
                if text.startswith(INTERRUPTED, i):
                    self._flush(out, events)
                    self._end_line(events)
                    events.append(Interrupted())
                    i += len(INTERRUPTED)
                    continue
                if INTERRUPTED.startswith(text[i:]):
                    self._held = text[i:]
                    break
            if ch == PROMPT[0] or (ch == CONTINUATION_PROMPT[0] and self._at_line_start):
                if i + 1 == n:
                    self._held = ch
                    break
                if text[i + 1] == _PROMPT_END and (self._at_line_start or i + 2 == n):
                    self._flush(out, events)
                    if self._line:
                        self._end_line(events)
                    self._line = []
                    events.append(Prompt(main=ch == PROMPT[0]))
                    self._at_line_start = True
                    i += 2
                    continue
            out.append(ch)
            if ch == "\n":
                self._flush(out, events)
                self._end_line(events)
            else:
                if len(self._line) < MAX_LINE:
                    self._line.append(ch)
                self._at_line_start = False
            i += 1
        self._flush(out, events)

    def _flush(self, out: list[str], events: list[Event]) -> None:
        if out:
            events.append(Text("".join(out)))
            out.clear()

    def _end_line(self, events: list[Event]) -> None:
        events.append(Line("".join(self._line)))
        self._line = []
        self._at_line_start = True
