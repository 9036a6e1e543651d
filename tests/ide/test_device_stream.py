# SPDX-License-Identifier: GPL-3.0-or-later
"""DeviceStream: console text, prompts and protocol bytes, however the bytes are split."""

from __future__ import annotations

import pytest

from snekide.device.stream import (Ack, DeviceStream, Echo, Interrupted, Line, Program, Prompt,
                                   Text)

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


def test_a_session_in_one_piece():
    assert summary(DeviceStream().feed(SESSION)) == EXPECTED


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7])
def test_a_session_in_small_pieces(size):
    stream = DeviceStream()
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
