# SPDX-License-Identifier: GPL-3.0-or-later
"""DeviceStream: console text, prompts and protocol bytes, however the bytes are split."""

from __future__ import annotations

import pytest

from snekide.device.stream import (MAX_LINE, Ack, DeviceStream, Echo, EchoedInput, EndOfInput,
                                   Interrupted, Line, Program, ProgramLost, Prompt, Text)

SESSION = (b"Welcome to Snek 0.1.0\r\nhello \xc3\xa9\r\n> 42\r\n> + + 3\r\n> \x06"
           b"^C\r\n> \x02print(1)\r\n\x03> a> \x14")


def summary(events):
    """Join neighbouring Text events so results compare however the input was split."""
    out = []
    for event in events:
        if isinstance(event, Text) and out and isinstance(out[-1], Text):
            out[-1] = Text(out[-1].text + event.text)
        else:
            out.append(event)
    return out


EXPECTED = [
    Text("Welcome to Snek 0.1.0\n"), Line("Welcome to Snek 0.1.0"),
    Text("hello é\n"), Line("hello é"),
    Prompt(main=True), Text("42\n"), Line("42"), Prompt(main=True),
    Prompt(main=False), Prompt(main=False), Text("3\n"), Line("3"), Prompt(main=True), Ack(),
    Line(""), Interrupted(), Prompt(main=True), Program(b"print(1)\r\n"), Prompt(main=True),
    Text("a"), Line("a"), Prompt(main=True), Echo(),
]


def expecting_program(limit: int = 1000) -> DeviceStream:
    stream = DeviceStream()
    stream.expect_program(limit)
    return stream


def test_a_session_in_one_piece():
    assert summary(expecting_program().feed(SESSION)) == EXPECTED


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7])
def test_a_session_in_small_pieces(size):
    stream = expecting_program()
    events = []
    for start in range(0, len(SESSION), size):
        events += stream.feed(SESSION[start:start + size])
    assert summary(events) == EXPECTED


def test_a_greater_than_inside_a_line_is_text():
    events = summary(DeviceStream().feed(b"1 > 0 is True\n> "))
    assert events == [Text("1 > 0 is True\n"), Line("1 > 0 is True"), Prompt(main=True)]


def test_plus_inside_a_line_is_text():
    assert summary(DeviceStream().feed(b"1 + 2\n")) == [Text("1 + 2\n"), Line("1 + 2")]


def test_xon_xoff_are_dropped():
    assert summary(DeviceStream().feed(b"a\x13b\x11c\n")) == [Text("abc\n"), Line("abc")]


def test_a_lone_cr_is_kept():
    assert summary(DeviceStream().feed(b"a\rb\n")) == [Text("a\rb\n"), Line("a\rb")]


# Protocol bytes are taken only when due, and only so far.


def test_an_stx_nobody_asked_for_is_console_text():
    stream = DeviceStream()
    events = summary(stream.feed(b"noise\x02 and more\n> "))
    assert events == [Text("noise\x02 and more\n"), Line("noise\x02 and more"), Prompt(main=True)]


def test_a_program_is_taken_once_then_stx_is_text_again():
    stream = expecting_program()
    assert summary(stream.feed(b"\x02a\x03> ")) == [Program(b"a"), Prompt(main=True)]
    assert summary(stream.feed(b"\x02b\x03\n")) == [Text("\x02b\x03\n"), Line("\x02b\x03")]


def test_a_lost_etx_ends_the_capture_at_its_bound_and_the_console_goes_on():
    stream = expecting_program(limit=8)
    events = summary(stream.feed(b"\x02print(1)\n> ") + stream.feed(b"hello\n> "))
    assert events[0] == ProgramLost()
    assert events[-3:] == [Text("hello\n"), Line("hello"), Prompt(main=True)]


def test_forget_program_ends_a_capture_whose_etx_never_came():
    stream = expecting_program()
    assert stream.feed(b"\x02print(1)\n") == []
    stream.forget_program()
    assert summary(stream.feed(b"hi\n")) == [Text("hi\n"), Line("hi")]


def test_noise_before_the_real_stx_is_not_part_of_the_program():
    stream = expecting_program()
    assert summary(stream.feed(b"\x02junk\x02x = 1\n\x03> ")) == [Program(b"x = 1\n"),
                                                                   Prompt(main=True)]


def test_an_upload_echo_is_raw_bytes_up_to_the_echoed_ctrl_d():
    stream = DeviceStream()
    stream.expect_echo()
    data = "eeprom.write()\r\n> ^C\r\n\x02\x03 é\ufffd\n".encode() + b"\xc3"
    events = stream.feed(data + b"\x06" + b"x\x04> \x06")
    assert events[0] == EchoedInput(data)
    assert events[1:] == [Ack(), EchoedInput(b"x"), EndOfInput(), Prompt(main=True), Ack()]
    assert not stream.echoing


def test_a_very_long_line_is_kept_whole_as_text_but_bounded_as_a_line():
    events = DeviceStream().feed(b"x" * (3 * MAX_LINE) + b"\n")
    assert "".join(e.text for e in events if isinstance(e, Text)) == "x" * (3 * MAX_LINE) + "\n"
    assert [e for e in events if isinstance(e, Line)] == [Line("x" * MAX_LINE)]
