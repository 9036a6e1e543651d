# SPDX-License-Identifier: GPL-3.0-or-later
"""World files: the shipped worlds, the format, and files that are wrong or hostile."""

import pytest

from snekide.robot import world
from snekide.robot.world import Pose, Sensor, Wheel, WorldError


def test_the_shipped_worlds_are_there_by_name():
    assert world.world_names() == ['arena', 'floor', 'oval']


def test_oval_is_wired_as_snek_lesson_two():
    oval = world.load('oval')
    assert oval.right == Wheel(1, 'right') and oval.left == Wheel(3, 'left')
    assert oval.sensors == (Sensor('light', 'A1', 8.0, 0.0),)
    assert len(oval.tapes) == 1 and not oval.walls


def test_arena_is_wired_as_snek_lesson_three():
    arena = world.load('arena')
    assert {arena.left.motor, arena.right.motor} == {2, 3}
    assert {s.pin for s in arena.sensors if s.kind == 'distance'} == {'A1', 'A7'}
    assert len(arena.walls) == 4


def test_floor_is_empty():
    floor = world.load('floor')
    assert not floor.walls and not floor.tapes
    assert floor.start == Pose(100, 75, 90)


def test_a_world_file_by_path(tmp_path):
    path = tmp_path / 'mine.world'
    path.write_text('title My track\nfloor 100 80\nstart 10 20 -90\ntape 3\n'
                    'line 0 0 10 0 10 10\nwall 50 0 50 80 # a wall\n'
                    'robot 10 30 6\nleft M4 setright\nright M2 setleft\n'
                    'distance a3 1 2 -45\nbumper A5 6 0\n')
    w = world.load(str(path))
    assert (w.name, w.title, w.width, w.height) == ('mine', 'My track', 100, 80)
    assert w.start == Pose(10, 20, 270)
    assert w.tapes[0].width == 3 and w.tapes[0].segments == ((0, 0, 10, 0), (10, 0, 10, 10))
    assert w.walls == ((50, 0, 50, 80),)
    assert (w.axle, w.speed, w.radius) == (10, 30, 6)
    assert w.left == Wheel(4, 'right') and w.right == Wheel(2, 'left')
    assert w.sensors == (Sensor('distance', 'A3', 1, 2, 315), Sensor('bumper', 'A5', 6, 0))


def test_an_empty_file_is_lesson_twos_robot_on_an_empty_floor():
    w = world.parse('')
    assert w.left == Wheel(3, 'left') and w.right == Wheel(1, 'right')
    assert w.sensors == (Sensor('light', 'A1', 8.0, 0.0),)


@pytest.mark.parametrize('text, message', [
    ('flor 10 10', "Line 1 of the world file: 'flor' is not something a world can have"),
    ('\n\noval 1 2 3', "Line 3 of the world file: 'oval' needs 4 numbers: centre x, centre y,"),
    ('floor 10 ten', "'ten' is not a number."),
    ('floor 10 nan', 'nan is too big'),
    ('start 1e9 0 0', 'numbers go from -10000 to 10000'),
    ('floor 0 10', "the width of 'floor' must be more than 0"),
    ('oval 1 1 0 5', "the radius along x of 'oval' must be more than 0"),
    ('tape 80', "the width of 'tape' must be more than 0 and at most 50"),
    ('line 1 2 3', "'line' needs points: x y pairs, at least two of them."),
    ('wall 1 2', "'wall' needs points"),
    ('left M5 setleft', "'left' needs a motor (M1 to M4)"),
    ('right M1 forward', "and the call that drives the wheel forward"),
    ('light D2 1 1', "'light' needs a pin (A1 to A8)"),
    ('light A1 1', "'light' needs 2 numbers: cm ahead, cm to the left."),
    ('light A1 0 0\nbumper A1 5 0', 'Line 2 of the world file: A1 is already used by the light '
     'sensor (line 1).'),
    ('left M1 setleft', 'both wheels are on M1'),
    ('floor 10 10\nfloor 20 20', "'floor' was given already, on line 1."),
    ('robot 12 20 1', 'the body radius of \'robot\' must be at least 2'),
    ('distance A2 500 0 0', 'more than 100 cm from the robot'),
])
def test_mistakes_are_named_with_their_line(text, message):
    with pytest.raises(WorldError) as error:
        world.parse(text)
    assert message in str(error.value)


def test_too_many_pieces_of_tape_are_refused():
    with pytest.raises(WorldError, match='at most 5000 pieces'):
        world.parse('oval 0 0 10 10\n' * 42)


def test_too_many_walls_are_refused():
    points = ' '.join(f'{i} {i % 2}' for i in range(300))
    with pytest.raises(WorldError, match='at most 200 pieces'):
        world.parse(f'wall {points}')


def test_a_huge_file_is_refused_without_reading_it(tmp_path):
    path = tmp_path / 'huge.world'
    with path.open('wb') as f:
        f.truncate(50 * 1024 * 1024)  # sparse: 50 MB of nothing
    with pytest.raises(WorldError, match='too big'):
        world.load(str(path))


def test_a_binary_file_is_not_a_world(tmp_path):
    path = tmp_path / 'picture.world'
    path.write_bytes(b'\x89PNG\r\n\x1a\n\xff\xfe')
    with pytest.raises(WorldError, match='not a text file'):
        world.load(str(path))


def test_a_missing_world_lists_the_real_ones():
    with pytest.raises(WorldError, match="no world called 'ovl'.*arena, floor, oval"):
        world.load('ovl')


def test_a_folder_is_not_a_world(tmp_path):
    with pytest.raises(WorldError, match='Could not read'):
        world.load(str(tmp_path))
