# SPDX-License-Identifier: GPL-3.0-or-later
"""The world's end of the side channel: reports in, waits answered, frames out."""

import pytest

from snekide.robot import world
from snekide.robot.simulation import FLOODED, MAX_REPORTS, Flooded, Simulation

BOARD = (b'{"board": "snekboard", "pins": 17, "analog": [0, 1, 2, 3, 4, 5, 6, 7], '
         b'"motors": [[8, 9], [10, 11], [12, 13], [14, 15]]}\n')


def oval_sim(frames=None) -> Simulation:
    return Simulation(world.load('oval'), frames.append if frames is not None else None)


def test_waits_are_returned_and_motor_reports_taken():
    sim = oval_sim()
    waits = sim.feed(BOARD + b'{"pin": 8, "power": 1, "on": true}\n'
                     b'{"motor": 1, "power": 0.5, "on": true, "direction": "right"}\n'
                     b'{"wait_us": 5000}\n{"wait_')
    assert waits == [5000]
    assert sim.robot.motors[1].drive() == 0.5
    assert sim.feed(b'us": 10000}\n') == [10000]


def test_the_reply_sends_inputs_only_when_they_change_then_the_time():
    sim = oval_sim()
    sim.advance_to(5000)
    assert sim.reply() == b'{"pin": 0, "value": 0.87}\n{"time_us": 5000}\n'
    sim.advance_to(10000)
    assert sim.reply() == b'{"time_us": 10000}\n'
    sim.feed(BOARD)  # a reboot: every input goes again
    assert sim.reply() == b'{"pin": 0, "value": 0.87}\n{"time_us": 10000}\n'


def test_a_frame_every_tenth_of_a_second_from_the_start():
    frames = []
    sim = oval_sim(frames)
    sim.feed(b'{"motor": 1, "power": 1, "on": true, "direction": "right"}\n')
    sim.advance_to(250000)
    sim.advance_to(300000)
    assert [f.t for f in frames] == [0.0, 0.1, 0.2, 0.3]
    assert frames[0].motors == {'M1': 1.0, 'M2': 0.0, 'M3': 0.0, 'M4': 0.0}
    assert frames[0].sensors == {'A1': 0.87}
    assert frames[-1].heading > frames[1].heading > 0  # the right wheel alone turns it left


def test_a_reboot_stops_the_motors():
    sim = oval_sim()
    sim.feed(b'{"motor": 3, "power": 1, "on": true, "direction": "left"}\n' + BOARD)
    assert all(m.drive() == 0 for m in sim.robot.motors.values())


def test_lines_that_are_not_reports_are_left_alone():
    sim = oval_sim()
    assert sim.feed(b'hello\n[1, 2]\n{"motor": "x"}\n{"motor": 1}\n\xff\xfe\n') == []


def test_reports_without_end_flood_the_channel():
    sim = oval_sim()
    with pytest.raises(Flooded, match=FLOODED[:20]):
        sim.feed(b'{"pin": 8, "power": 1, "on": true}\n' * (MAX_REPORTS + 1))


def test_a_line_without_end_floods_the_channel():
    sim = oval_sim()
    with pytest.raises(Flooded):
        for _ in range(10):
            sim.feed(b'x' * 1000)
