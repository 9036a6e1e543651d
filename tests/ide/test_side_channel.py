# SPDX-License-Identifier: GPL-3.0-or-later
"""The simulator's side channel: lines into typed events, pacing, and the real simulator on it."""

from __future__ import annotations

import queue
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import os
import socket
import threading

from snekide.device.side_channel import (BoardDescribed, ChannelClosed, ChannelOpened, FloodGate,
                                         Flooding, Garbled, InputGiven, InputsHeld, LineReader,
                                         MotorOutput, NeoPixels, OtherReport, PinOutput, PinPull,
                                         SideChannel, SimulatorWithChannel, Tone, WaitForTime,
                                         merge_lines, parse_report)

ROOT = Path(__file__).resolve().parents[2]


# -- lines into events -----------------------------------------------------------------------

def test_every_report_of_the_firmware_readme():
    lines = [
        b'{"board": "snekboard", "pins": 17, "analog": [0, 1, 2, 3, 4, 5, 6, 7], '
        b'"motors": [[8, 9], [10, 11], [12, 13], [14, 15]]}',
        b'{"pin": 8, "power": 0.5, "on": true}',
        b'{"motor": 1, "power": 0.5, "on": true, "direction": "right"}',
        b'{"pin": 3, "pull": "up"}',
        b'{"neopixel": [[255, 0, 0], [0, 128, 255]]}',
        b'{"tone": 440}',
        b'{"wait_us": 1500000}',
    ]
    assert [parse_report(line) for line in lines] == [
        BoardDescribed("snekboard", 17, (0, 1, 2, 3, 4, 5, 6, 7),
                       ((8, 9), (10, 11), (12, 13), (14, 15))),
        PinOutput(8, 0.5, True),
        MotorOutput(1, 0.5, True, "right"),
        PinPull(3, "up"),
        NeoPixels(((255, 0, 0), (0, 128, 255))),
        Tone(440.0),
        WaitForTime(1500000),
    ]


def test_a_report_of_another_kind_is_passed_on_whole():
    report = parse_report(b'{"lights": 3}')
    assert isinstance(report, OtherReport) and report.fields == {"lights": 3}


@pytest.mark.parametrize("line", [
    b"", b"hello", b"[1, 2]", b"42", b'"pin"', b"{", b'{"pin": 8}',
    b'{"pin": -1, "power": 0.5, "on": true}',
    b'{"pin": 1.5, "power": 0.5, "on": true}',
    b'{"pin": true, "power": 0.5, "on": true}',
    b'{"pin": 8, "power": "high", "on": true}',
    b'{"pin": 8, "power": NaN, "on": true}',
    b'{"pin": 8, "power": 0.5, "on": 1}',
    b'{"motor": 1, "power": 0.5, "on": true, "direction": "up"}',
    b'{"pin": 3, "pull": "sideways"}',
    b'{"neopixel": [[1, 2]]}',
    b'{"neopixel": [[1, 2, "x"]]}',
    b'{"board": "uno", "pins": 20, "analog": "all", "motors": []}',
    b'{"tone": Infinity}',
    b"[" * 100_000,
])
def test_what_is_not_a_report(line):
    assert parse_report(line) is None


def test_levels_and_colours_are_kept_in_range():
    assert parse_report(b'{"pin": 1, "power": 7, "on": true}') == PinOutput(1, 1.0, True)
    assert parse_report(b'{"neopixel": [[900, 0, 3]]}') == NeoPixels(((255, 0, 3),))


def test_lines_split_across_reads():
    reader = LineReader()
    assert reader.feed(b'{"tone": 4') == []
    assert reader.feed(b'40}\n{"tone"') == [Tone(440)]
    assert reader.feed(b': 0}\n') == [Tone(0)]


def test_unreadable_lines_are_counted_once_per_read():
    reader = LineReader()
    assert reader.feed(b'junk\n{"tone": 1}\nmore junk\n\n') == [Tone(1), Garbled(2)]


def test_a_line_that_never_ends_is_dropped_and_reading_goes_on():
    reader = LineReader(max_line=100)
    assert reader.feed(b"x" * 80) == []
    assert reader.feed(b"x" * 80) == [Garbled(1)]
    assert reader.feed(b"x" * 500) == []          # still the same line: counted once
    assert reader.feed(b'xx\n{"tone": 3}\n') == [Tone(3)]


# -- merging what says the same thing -------------------------------------------------------

def test_reports_about_the_same_thing_keep_their_latest_version():
    lines = [b'{"pin": 0, "power": 1, "on": true}', b'{"pin": 1, "power": 1, "on": true}',
             b'{"pin": 0, "power": 1, "on": false}', b'{"pin": 0, "pull": "up"}',
             b'{"tone": 440}', b'{"pin": 0, "power": 0.5, "on": true}', b'{"tone": 0}']
    assert merge_lines(lines) == [lines[1], lines[3], lines[5], lines[6]]


def test_a_board_description_or_another_kind_is_never_merged_across():
    lines = [b'{"pin": 0, "power": 1, "on": true}', b'{"wait_us": 10}',
             b'{"pin": 0, "power": 1, "on": false}', b'{"wait_us": 20}',
             b'{"pin": 0, "power": 1, "on": true}', b'{"board": "uno", "pins": 20, '
             b'"analog": [], "motors": []}', b'{"pin": 0, "power": 1, "on": false}',
             b'{"pin": 0, "power": 1, "on": true}']
    assert merge_lines(lines) == lines[:6] + lines[7:]


def test_waits_for_virtual_time_pass_whole_in_order_between_merged_reports():
    reader = LineReader()
    motor = b'{"motor": 1, "power": %d, "on": true, "direction": "left"}\n'
    events = reader.feed(motor % 1 + motor % 0 + b'{"wait_us": 1000}\n' + motor % 1
                         + b'{"wait_us": 6000}\n{"wait_us": 5000}\n' + motor % 0 + motor % 1)
    assert events == [MotorOutput(1, 0.0, True, "left"), WaitForTime(1000),
                      MotorOutput(1, 1.0, True, "left"), WaitForTime(6000), WaitForTime(5000),
                      MotorOutput(1, 1.0, True, "left")]
    assert parse_report(b'{"wait_us": -1}') is None and parse_report(b'{"wait_us": 1.5}') is None


def test_a_read_counts_lines_before_and_after_merging():
    reader = LineReader()
    events = reader.feed(b'{"motor": 1, "power": 1, "on": true, "direction": "left"}\n' * 500
                         + b'{"motor": 2, "power": 1, "on": true, "direction": "left"}\n')
    assert (reader.lines_read, reader.lines_parsed) == (501, 2)
    assert events == [MotorOutput(1, 1.0, True, "left"), MotorOutput(2, 1.0, True, "left")]


# -- pacing ------------------------------------------------------------------------------------

class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_passes_then_the_reader_keeps_to_the_limit():
    clock = Clock()
    gate = FloodGate(limit=1000, clock=clock)
    assert gate.take(200) == 0 and not gate.flooding     # a quarter second's worth: a burst
    assert gate.take(100) == pytest.approx(0.05)          # then 1000 lines a second
    assert gate.flooding
    clock.now += 0.05
    assert gate.take(100) == pytest.approx(0.1)


def test_the_flood_ends_after_a_calm_second():
    clock = Clock()
    gate = FloodGate(limit=1000, clock=clock)
    gate.take(1000)
    assert gate.flooding
    clock.now += 1.0
    assert gate.take(10) == 0 and gate.flooding           # calm, but not for long enough
    clock.now += 1.1
    assert gate.take(10) == 0 and not gate.flooding


# -- users of one channel ------------------------------------------------------------------

def fake_simulator(channel: SideChannel) -> socket.socket:
    """The simulator's end of a fresh channel, held by the test."""
    end = socket.socket(fileno=os.dup(channel.open_child_end()))
    channel.child_started()
    end.settimeout(10)
    return end


def test_inputs_sent_are_told_to_every_user_with_who_set_them():
    channel = SideChannel()
    events = Events(channel)
    end = fake_simulator(channel)
    assert channel.send_inputs({0: 0.25, 3: 1.0}, "world", time_us=5000)
    assert channel.send_input(4, 0.5)
    assert events.wait_for(InputGiven(4, 0.5, ""))[-3:] == [
        InputGiven(0, 0.25, "world"), InputGiven(3, 1.0, "world"), InputGiven(4, 0.5, "")]
    got = b""
    while got.count(b"\n") < 4:
        got += end.recv(4096)
    assert got == (b'{"pin": 0, "value": 0.25}\n{"pin": 3, "value": 1}\n{"time_us": 5000}\n'
                   b'{"pin": 4, "value": 0.5}\n')
    channel.hold_inputs({0: "light sensor"})
    assert events.wait_for(InputsHeld)[-1] == InputsHeld({0: "light sensor"})
    # To an earlier simulator's generation: nothing goes, nothing is told.
    assert not channel.send_inputs({0: 0.5}, "world", generation=channel.generation - 1)
    with pytest.raises(ValueError):
        channel.send_input(0, float("nan"))
    channel.close()
    end.close()
    assert not channel.send_input(0, 0.5)


def test_a_simulator_gone_with_our_lines_unread_closes_the_channel():
    """Its end is reset then, not closed cleanly: the channel's end is told all the same."""
    channel = SideChannel()
    events = Events(channel)
    end = fake_simulator(channel)
    assert channel.send_inputs({0: 0.5}, time_us=1000)
    end.close()
    events.wait_for(ChannelClosed)
    assert not channel.is_open


def test_batches_made_elsewhere_are_given_out_by_the_reader_after_the_batch_in_hand():
    """The window (here, the test) and the world hand their batches to the reader: neither
    ever spends its time giving out the reader's; a listener's answer comes after the batch
    that made it, to everyone."""
    channel = SideChannel()
    seen: dict[str, list[object]] = {"first": [], "second": []}
    threads = set()

    def first(batch):
        threads.add(threading.current_thread().name)
        seen["first"].extend(batch)
        if any(isinstance(e, WaitForTime) for e in batch):
            channel.send_inputs({0: 0.5}, "world", time_us=10)   # answers in the middle
    channel.subscribe(first)
    channel.subscribe(lambda batch: seen["second"].extend(batch))
    end = fake_simulator(channel)
    channel._dispatch([WaitForTime(10), MotorOutput(1, 1.0, True, "left")])
    expected = [ChannelOpened(), WaitForTime(10), MotorOutput(1, 1.0, True, "left"),
                InputGiven(0, 0.5, "world")]
    deadline = time.monotonic() + 10
    while seen["second"] != expected:
        assert time.monotonic() < deadline, seen
        time.sleep(0.01)
    assert seen["first"] == expected and threads == {"snekide-side-channel"}
    # No simulator: whoever makes a batch gives it out.
    channel.close()
    end.close()
    channel._dispatch([Tone(440.0)])
    assert seen["second"][-1] == Tone(440.0)


# -- the real simulator ------------------------------------------------------------------------

@pytest.fixture(scope="session")
def firmware() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)
    return ROOT / "firmware" / "build" / "posix" / "snek"


class Events:
    """Everything a subscriber got, waited on from the test thread."""

    def __init__(self, channel: SideChannel) -> None:
        self.seen: queue.Queue[object] = queue.Queue()
        self.unsubscribe = channel.subscribe(lambda batch: [self.seen.put(e) for e in batch])

    def wait_for(self, wanted: object, timeout: float = 10) -> list[object]:
        """The events up to and including the first equal to wanted (or of type wanted)."""
        got: list[object] = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                event = self.seen.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                pytest.fail(f"no {wanted!r}; got {got!r}")
            got.append(event)
            if event == wanted or (isinstance(wanted, type) and isinstance(event, wanted)):
                return got


@pytest.fixture
def simulator(firmware: Path, tmp_path: Path) -> Iterator:
    started: list[SimulatorWithChannel] = []

    def start(board: str = "snekboard") -> tuple[SimulatorWithChannel, Events]:
        channel = SideChannel()
        events = Events(channel)
        sim = SimulatorWithChannel(firmware, tmp_path / f"{board}.eeprom", board, channel)
        started.append(sim)
        sim.open()
        read_until(sim, b"> ")
        return sim, events
    yield start
    for sim in started:
        sim.close()


def read_until(sim: SimulatorWithChannel, marker: bytes, timeout: float = 10) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        assert time.monotonic() < deadline, f"timed out waiting for {marker!r}; got {seen!r}"
        seen += sim.read(0.1)
    return seen


def run(sim: SimulatorWithChannel, line: str) -> str:
    sim.write(b"\x0e" + line.encode() + b"\n")
    return read_until(sim, b"> ").decode().removesuffix("> ")


def test_the_simulator_describes_its_board_and_reports_a_motor(simulator):
    sim, events = simulator()
    events.wait_for(BoardDescribed("snekboard", 17, (0, 1, 2, 3, 4, 5, 6, 7),
                                   ((8, 9), (10, 11), (12, 13), (14, 15))))
    run(sim, "talkto(M2); setpower(0.25); setleft(); on()")
    got = events.wait_for(MotorOutput(2, 0.25, True, "left"))
    assert PinOutput(10, 0.25, True) in got


def test_the_uno_simulator_reports_its_pins_and_tone(simulator):
    sim, events = simulator("uno")
    got = events.wait_for(BoardDescribed)
    assert got[-1] == BoardDescribed("uno", 20, (14, 15, 16, 17, 18, 19), ())
    run(sim, "talkto(LED); on(); tone(440)")
    assert events.wait_for(Tone(440))[-2:] == [PinOutput(13, 1.0, True), Tone(440)]


def test_inputs_sent_are_what_read_gives(simulator):
    sim, events = simulator("uno")
    events.wait_for(BoardDescribed)
    assert sim.channel.send_input(15, 0.625)      # A1
    assert sim.channel.send_input(2, 0)           # D2 pulled low, as a pressed switch
    assert run(sim, "print(read(A1), read(D2), read(D4))") == "0.625 0 1\n"
    assert sim.channel.send_input(2, 1)
    assert run(sim, "print(read(D2))") == "1\n"


def test_a_reset_describes_the_board_again(simulator):
    sim, events = simulator()
    events.wait_for(BoardDescribed)
    sim.write(b"\x0ereset()\n")
    read_until(sim, b"Welcome to Snek")
    events.wait_for(BoardDescribed)


def test_a_simulator_that_dies_closes_the_channel(simulator):
    sim, events = simulator()
    events.wait_for(BoardDescribed)
    sim.kill()
    events.wait_for(ChannelClosed())
    assert not sim.channel.is_open
    assert not sim.channel.send_input(0, 1)


def test_a_simulator_closed_on_purpose_is_not_one_that_died(simulator):
    sim, events = simulator()
    events.wait_for(BoardDescribed)
    sim.close()
    sim.open()                                     # a new simulator on a new channel
    got = events.wait_for(BoardDescribed)
    assert ChannelOpened() in got and ChannelClosed() not in got


def test_a_broken_listener_does_not_stop_the_others(simulator):
    sim, events = simulator()

    def broken(batch):
        raise RuntimeError("a pane with a bug")
    sim.channel.subscribe(broken)
    run(sim, "talkto(A3); on()")
    events.wait_for(PinOutput(2, 1.0, True))


def test_a_flooding_program_is_said_and_the_latest_state_comes_through(firmware, tmp_path):
    channel = SideChannel()
    events = Events(channel)
    sim = SimulatorWithChannel(firmware, tmp_path / "e.bin", "snekboard", channel)
    sim.open()
    try:
        read_until(sim, b"> ")
        run(sim, "talkto(A1)")
        sim.write(b"\x0ewhile True:\n on(); off()\n\n")
        events.wait_for(Flooding(True))
        sim.write(b"\x03")                         # Stop still works while flooding
        read_until(sim, b"> ")
        run(sim, "setpower(0.5); on()")
        events.wait_for(PinOutput(0, 0.5, True))   # the last report is never merged away
        events.wait_for(Flooding(False), timeout=10)
    finally:
        sim.close()


def test_an_old_simulator_closed_late_leaves_the_new_ones_channel_alone(firmware, tmp_path):
    channel = SideChannel()
    events = Events(channel)
    old = SimulatorWithChannel(firmware, tmp_path / "e.bin", "snekboard", channel)
    new = SimulatorWithChannel(firmware, tmp_path / "e.bin", "snekboard", channel)
    try:
        old.open()
        events.wait_for(BoardDescribed)
        old.kill()
        events.wait_for(ChannelClosed())
        new.open()
        read_until(new, b"> ")
        events.wait_for(BoardDescribed)
        old.close()                                # as a background close does, after
        assert channel.is_open
        run(new, "talkto(A2); on()")
        events.wait_for(PinOutput(1, 1.0, True))
        assert channel.send_input(1, 0.5)
        assert run(new, "print(read(A2))") == "0.5\n"
    finally:
        old.close()
        new.close()
