# SPDX-License-Identifier: GPL-3.0-or-later
"""The robot pane in the main window, driven as a student drives it."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtCore import QPointF, Qt

from snekide.device.exceptions import SIMULATOR_GONE
from snekide.device.usb import SIMULATOR, DeviceChoice
from snekide.main_window import MainWindow
from snekide.robot.simulation import FLOODED
from snekide.robot.view import STOPPED, RobotPane

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / 'test-output' / 'screenshots'
WAIT = 15_000  # ms; only reached when something is broken
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snek: Path) -> MainWindow:
    """The IDE on the simulator, connected by clicking Connect."""
    monkeypatch.setenv('SNEKIDE_DATA_DIR', str(tmp_path / 'data'))
    window = MainWindow(list_devices=lambda: [SIMULATOR])
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    qtbot.mouseClick(window.button('Connect'), LEFT)
    qtbot.waitUntil(lambda: window.board_status.text().startswith('Connected'), timeout=WAIT)
    return window


def pane(window: MainWindow) -> RobotPane:
    return window.robot_pane


def type_in_repl(qtbot: Any, window: MainWindow, *lines: str) -> None:
    control = window.repl
    control.setFocus()
    for line in lines:
        qtbot.keyClicks(control, line)
        qtbot.keyClick(control, Qt.Key.Key_Return)


def drive_north(qtbot: Any, window: MainWindow) -> None:
    """Both wheels forward, wired as lesson 2 (the floor world's wiring)."""
    type_in_repl(qtbot, window, 'talkto(M1)', 'setright()', 'on()', 'talkto(M3)', 'setleft()',
                 'on()')


def pose(window: MainWindow):
    return pane(window).canvas.snapshot.pose


def trail_points(window: MainWindow) -> int:
    return sum(len(s) for s in pane(window).canvas._strokes)


def robot_on_screen(window: MainWindow) -> QPointF:
    p = pose(window)
    return pane(window).canvas.to_widget(p.x, p.y)


def test_the_pane_shows_beside_the_repl_and_the_robot_drives_and_draws(qtbot, window):
    robot = pane(window)
    assert robot.isVisible()
    assert robot.world_box.currentText() == 'Empty floor'
    start = pose(window)
    drive_north(qtbot, window)
    qtbot.waitUntil(lambda: pose(window).y > start.y + 5, timeout=WAIT)
    assert pose(window).x == pytest.approx(start.x, abs=2)  # the wheels started one by one
    qtbot.waitUntil(lambda: trail_points(window) > 5, timeout=WAIT)
    assert robot.canvas.snapshot.motors['M1'] == 1.0


def test_pen_up_draws_nothing_clear_wipes_and_back_to_start(qtbot, window):
    robot = pane(window)
    drive_north(qtbot, window)
    qtbot.waitUntil(lambda: trail_points(window) > 3, timeout=WAIT)
    qtbot.mouseClick(robot.pen_box, LEFT)
    assert not robot.pen_box.isChecked()
    lifted_at, drawn = pose(window).y, trail_points(window)
    qtbot.waitUntil(lambda: pose(window).y > lifted_at + 5, timeout=WAIT)
    assert trail_points(window) <= drawn + 1
    qtbot.mouseClick(robot.clear_button, LEFT)
    qtbot.waitUntil(lambda: trail_points(window) == 0, timeout=WAIT)
    type_in_repl(qtbot, window, 'stopall()')
    qtbot.waitUntil(lambda: robot.canvas.snapshot.motors['M1'] == 0, timeout=WAIT)
    qtbot.mouseClick(robot.reset_button, LEFT)
    qtbot.waitUntil(lambda: pose(window) == robot.world().start, timeout=WAIT)


def test_dragging_the_robot_puts_it_down_elsewhere(qtbot, window):
    canvas = pane(window).canvas
    canvas.refresh()
    start = pose(window)
    grab = robot_on_screen(window).toPoint()
    target = canvas.to_widget(start.x + 40, start.y - 30).toPoint()
    qtbot.mousePress(canvas, LEFT, pos=grab)
    qtbot.mouseMove(canvas, pos=target)
    qtbot.mouseRelease(canvas, LEFT, pos=target)
    moved = pose(window)
    tolerance = 2 / canvas._scale()[0]  # a pixel or two, in centimetres
    assert moved.x == pytest.approx(start.x + 40, abs=tolerance)
    assert moved.y == pytest.approx(start.y - 30, abs=tolerance)
    assert moved.heading == start.heading
    # Dragging the empty floor moves nothing.
    qtbot.mousePress(canvas, LEFT, pos=canvas.to_widget(5, 5).toPoint())
    qtbot.mouseMove(canvas, pos=canvas.to_widget(50, 50).toPoint())
    qtbot.mouseRelease(canvas, LEFT, pos=canvas.to_widget(50, 50).toPoint())
    assert pose(window) == moved


def choose_world(qtbot: Any, robot: RobotPane, text: str) -> None:
    """Pick an item of the world chooser with the keyboard, as a student can."""
    box = robot.world_box
    box.setFocus()
    index = box.findText(text)
    assert index >= 0, text
    if index == box.count() - 1:
        qtbot.keyClick(box, Qt.Key.Key_End)  # "Open a world file…", the last
        return
    qtbot.keyClick(box, Qt.Key.Key_Home)
    for _ in range(index):
        qtbot.keyClick(box, Qt.Key.Key_Down)
    assert box.currentIndex() == index


def test_choosing_the_oval_puts_the_robot_on_its_track(qtbot, window):
    robot = pane(window)
    choose_world(qtbot, robot, 'Oval track')
    assert robot.world().name == 'oval'
    qtbot.waitUntil(lambda: robot.canvas.snapshot.sensors == {'A1': 0.87}, timeout=WAIT)
    assert pose(window) == robot.world().start


@pytest.mark.parametrize('content, message', [
    (b'floor 10\n', "Line 1 of the world file: 'floor' needs 2 numbers"),
    (b'\x00\xff' * 100, 'not a text file'),
    (b'# ' + b'x' * (70 * 1024), 'too big'),
])
def test_a_bad_world_file_is_a_message_in_the_pane(qtbot, window, tmp_path, content, message):
    robot = pane(window)
    path = tmp_path / 'bad.world'
    path.write_bytes(content)
    robot.ask_world_path = lambda: path  # type: ignore[method-assign]
    choose_world(qtbot, robot, 'Open a world file…')
    qtbot.waitUntil(robot.message.isVisible, timeout=WAIT)
    assert message in robot.message.text()
    assert robot.world().name == 'floor' and robot.world_box.currentText() == 'Empty floor'
    # The IDE goes on: the REPL still answers.
    type_in_repl(qtbot, window, 'print(6 * 7)')
    qtbot.waitUntil(lambda: '42' in window.repl.toPlainText(), timeout=WAIT)


def test_a_world_file_of_ones_own(qtbot, window, tmp_path):
    robot = pane(window)
    path = tmp_path / 'ring.world'
    path.write_text('title Ring\nfloor 100 100\nstart 50 10 0\noval 50 50 40 40\n')
    robot.ask_world_path = lambda: path  # type: ignore[method-assign]
    choose_world(qtbot, robot, 'Open a world file…')
    assert robot.world().title == 'Ring' and robot.world_box.currentText() == 'Ring'
    assert not robot.message.isVisible()
    assert robot.show_world('arena') and robot.world_box.currentText() == 'Arena'


def test_a_simulator_that_dies_is_a_message_and_connect_brings_it_back(qtbot, window):
    robot = pane(window)
    drive_north(qtbot, window)
    qtbot.waitUntil(lambda: trail_points(window) > 3, timeout=WAIT)
    window.connection._board.transport.kill()
    qtbot.waitUntil(robot.message.isVisible, timeout=WAIT)
    assert robot.message.text() == STOPPED
    assert SIMULATOR_GONE in window.repl.toPlainText()
    qtbot.mouseClick(window.button('Connect'), LEFT)
    qtbot.waitUntil(lambda: window.board_status.text().startswith('Connected'), timeout=WAIT)
    assert not robot.message.isVisible()
    drive_north(qtbot, window)
    moved_from = pose(window).y
    qtbot.waitUntil(lambda: pose(window).y > moved_from + 3, timeout=WAIT)


def test_a_flooding_simulator_is_cut_off_with_a_message(qtbot, tmp_path):
    """An older or broken firmware that reports without end: the pane says so, the IDE stays."""
    robot = RobotPane()
    qtbot.addWidget(robot)
    robot.setVisible(True)
    fd = robot.live.new_channel()
    flood = subprocess.Popen([sys.executable, '-c', (
        'import os\n'
        'line = b\'{"pin": 8, "power": 1, "on": true}\\n\'\n'
        'try:\n'
        '    for _ in range(100000):\n'
        f'        os.write({fd}, line)\n'
        'except OSError:\n'
        '    pass\n')], pass_fds=(fd,))
    robot.live.channel_started()
    with qtbot.waitSignal(robot.problem_found, timeout=WAIT):
        pass
    assert flood.wait(timeout=30) == 0
    assert robot.message.text() == FLOODED and robot.message.isVisible()
    assert not robot.live.connected
    robot.close_world()


def test_a_real_robot_hides_the_pane(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv('SNEKIDE_DATA_DIR', str(tmp_path / 'data'))
    window = MainWindow(list_devices=lambda: [])
    qtbot.addWidget(window)
    robot = pane(window)
    robot.make_board(SIMULATOR)
    window.connection.connected.emit('Simulator')
    assert robot.isVisibleTo(window)
    serial = DeviceChoice('Arduino Uno (/dev/ttyACM9)', 'serial', '/dev/ttyACM9', 'uno', True,
                          False)
    robot.make_board(serial)
    window.connection.connected.emit('Arduino Uno')
    assert not robot.isVisibleTo(window)


def test_speed_sets_how_fast_the_world_runs(qtbot, window):
    robot = pane(window)
    robot.speed_box.setFocus()
    qtbot.keyClick(robot.speed_box, Qt.Key.Key_Down)
    qtbot.keyClick(robot.speed_box, Qt.Key.Key_Down)
    assert robot.speed_box.currentText() == '×5' and robot.live.speed == 5


def test_screenshot_of_a_line_follower_on_the_oval(qtbot, window):
    """Kept in test-output/screenshots/robot_pane.png for a person to look at."""
    robot = pane(window)
    robot.show_world('oval')
    robot.live.speed = 10
    # The student opens a line follower and presses Put: the robot runs it after its reset.
    window.editor().set_text((Path(__file__).parent / 'programs' / 'busy_bug.py').read_text())
    qtbot.mouseClick(window.button('Put'), LEFT)
    qtbot.waitUntil(lambda: 'robot now has your program' in window.message.text(), timeout=WAIT)
    started = robot.canvas.snapshot.time_us
    qtbot.waitUntil(lambda: robot.canvas.snapshot.time_us > started + 15_000_000,
                    timeout=WAIT * 2)
    assert 'rror' not in window.repl.toPlainText(), window.repl.toPlainText()
    # It went round the track: far from its start, still on the oval.
    path = robot.canvas.snapshot.pose
    assert math.hypot((path.x - 100) / 75, (path.y - 70) / 50) == pytest.approx(1, abs=0.15)
    assert math.hypot(path.x - 100, path.y - 20) > 50
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    image = window.grab()
    assert image.save(str(SCREENSHOTS / 'robot_pane.png'))
    assert os.path.getsize(SCREENSHOTS / 'robot_pane.png') > 10_000


def test_a_real_robot_is_found_again_the_usual_way(qtbot, monkeypatch):
    """After an unplug, a real robot is looked for by its serial number, as without the pane."""
    from snekide import connection

    asked = []
    monkeypatch.setattr(connection, 'make_board', lambda choice: asked.append(('new', choice)))
    monkeypatch.setattr(connection, 'make_board_again',
                        lambda choice: asked.append(('again', choice)))
    robot = RobotPane()
    qtbot.addWidget(robot)
    serial = DeviceChoice('Arduino Uno (/dev/ttyACM9)', 'serial', '/dev/ttyACM9', 'uno', True,
                          False)
    robot.make_board(serial)
    robot.make_board_again(serial)
    assert asked == [('new', serial), ('again', serial)]
    robot.close_world()
