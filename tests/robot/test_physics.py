# SPDX-License-Identifier: GPL-3.0-or-later
"""The robot's body and sensors: differential drive, walls, light, distance and bumpers."""

import math

import pytest

from snekide.robot import physics, world
from snekide.robot.physics import Robot
from snekide.robot.world import Pose

LESSON_TWO = 'start 0 0 0\nleft M3 setleft\nright M1 setright\n'


def robot(text: str = LESSON_TWO) -> Robot:
    return Robot(world.parse(text))


def drive(r: Robot, left: float, right: float, seconds: float) -> None:
    """Lesson-two wiring: positive power drives a wheel forward."""
    r.set_motor(3, abs(left), left != 0, 'left' if left > 0 else 'right')
    r.set_motor(1, abs(right), right != 0, 'right' if right > 0 else 'left')
    r.advance(seconds)


def test_both_wheels_forward_go_straight_at_the_speed_of_the_power():
    r = robot()
    drive(r, 1, 1, 2)
    assert r.pose.x == pytest.approx(40) and r.pose.y == pytest.approx(0, abs=1e-9)
    drive(r, 0.5, 0.5, 2)
    assert r.pose.x == pytest.approx(60)


def test_setleft_on_the_right_wheel_drives_it_backwards():
    r = robot()
    r.set_motor(1, 1, True, 'left')
    r.set_motor(3, 1, True, 'right')
    r.advance(1)
    assert r.pose.x == pytest.approx(-20)


def test_opposite_wheels_spin_in_place():
    r = robot()
    drive(r, -1, 1, 0.5)
    assert (r.pose.x, r.pose.y) == (pytest.approx(0, abs=1e-9), pytest.approx(0, abs=1e-9))
    # 2 * 20 cm/s over a 12 cm axle: 10/3 rad/s, counter-clockwise.
    assert r.pose.heading == pytest.approx(math.degrees(10 / 3 * 0.5))


def test_one_wheel_pivots_about_the_other():
    r = robot()
    drive(r, 0, 1, 1.0)
    # The left wheel, 6 cm to the left of the middle, stays where it was.
    assert r.at(0, 6) == (pytest.approx(0, abs=1e-9), pytest.approx(6))
    assert r.pose.heading == pytest.approx(math.degrees(20 / 12))


def test_motors_off_stay_put():
    r = robot()
    drive(r, 0, 0, 5)
    assert r.pose == Pose(0, 0, 0)


def test_light_reads_white_black_and_blends_at_the_edge():
    r = robot('tape 2\nline -100 10 100 10\nstart 0 0 90\nlight A1 0 0\n')
    sensor = r.world.sensors[0]
    readings = []
    for y in [0, 8, 8.5, 9, 9.5, 10, 11.5, 12, 20]:
        r.place(Pose(0, y, 90))
        readings.append(r.read(sensor))
    assert readings[0] == pytest.approx(0.05) and readings[-1] == pytest.approx(0.05)
    assert readings[5] == pytest.approx(0.87)
    assert r.read(sensor) == physics.WHITE
    r.place(Pose(0, 9, 90))  # right on the tape's edge
    assert r.read(sensor) == pytest.approx((0.05 + 0.87) / 2)
    rising = readings[:6]
    assert rising == sorted(rising) and len(set(rising)) > 3


def test_the_light_sensor_sits_ahead_of_the_wheels():
    r = robot('tape 2\nline 8 -50 8 50\nstart 0 0 0\nlight A1 8 0\n')
    assert r.readings() == {0: pytest.approx(0.87)}
    r.place(Pose(0, 0, 180))
    assert r.readings() == {0: pytest.approx(0.05)}


def test_distance_sensors_see_walls_ahead_only():
    r = robot('wall 50 -100 50 100\nstart 0 0 0\ndistance A7 0 0 0\ndistance A1 0 0 180\n')
    assert r.readings() == {6: pytest.approx(9 / 50), 0: 0.0}
    r.place(Pose(40, 0, 0))
    assert r.readings()[6] == pytest.approx(0.9)
    r.place(Pose(45, 0, 0))
    assert r.readings()[6] == 1.0
    r.place(Pose(-200, 0, 0))  # 250 cm away: out of range
    assert r.readings()[6] == 0.0


def test_a_wall_stops_the_body_and_presses_the_bumper():
    r = robot(LESSON_TWO + 'wall 30 -50 30 50\nbumper A8 8 0\n')
    drive(r, 1, 1, 0.5)
    assert r.readings() == {7: 0.0}
    drive(r, 1, 1, 5)
    assert r.pose.x == pytest.approx(22, abs=0.3)  # the body's radius short of the wall
    assert r.readings() == {7: 1.0}
    drive(r, -1, -1, 1)
    assert r.pose.x == pytest.approx(2, abs=0.5)
    assert r.readings() == {7: 0.0}


def test_a_robot_meeting_a_wall_at_an_angle_slides_along_it():
    r = robot('wall 30 -50 30 100\nstart 0 0 30\n')
    drive(r, 1, 1, 4)
    assert r.pose.x == pytest.approx(22, abs=0.3)
    assert r.pose.y > 30  # it kept going north along the wall


def test_a_robot_put_inside_a_wall_can_get_out():
    r = robot('wall 0 -50 0 50\nstart 1 0 0\n')
    drive(r, 1, 1, 1)
    assert r.pose.x > 10


def test_the_trail_follows_the_pen():
    r = robot()
    drive(r, 1, 1, 1)
    assert r.trail.strokes[-1][-1] == (pytest.approx(20, abs=physics.TRAIL_STEP), 0)
    r.trail.set_pen(False, r.x, r.y)
    drive(r, 1, 1, 1)
    assert r.trail.strokes[-1][-1][0] <= 20
    r.trail.set_pen(True, r.x, r.y)
    drive(r, 1, 1, 1)
    assert len(r.trail.strokes) == 2
    assert r.trail.strokes[-1][0][0] == pytest.approx(40)
    generation = r.trail.generation
    r.trail.clear(r.x, r.y)
    assert r.trail.points == 1 and r.trail.generation > generation


def test_a_very_long_trail_forgets_its_oldest_half(monkeypatch):
    monkeypatch.setattr(physics, 'TRAIL_MAX', 100)
    r = robot()
    drive(r, 1, 0.9, 60)
    assert 40 <= r.trail.points <= 100
    assert r.trail.points == sum(len(s) for s in r.trail.strokes)
