# SPDX-License-Identifier: GPL-3.0-or-later
"""The board view in the window, on the real simulator and on the Uno image in avrsim:
outputs drawn as the program sets them, inputs set by clicking and dragging, and faults."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PyQt6.QtGui import QMouseEvent
from PyQt6.QtWidgets import (QApplication, QDockWidget, QSlider, QStyle, QStyleOptionSlider,
                             QTabBar)

from snekide import connect_choices
from snekide.__main__ import parser
from snekide.app import create_window
from snekide.board_pins import FLOODING, STOPPED
from snekide.board_view import NOTES, WORLD_NOTE, BoardView, PinTile
from snekide.board_watch import NOT_RUNNING
from snekide.main_window import MainWindow
from snekide.typed_pins import UNCERTAIN

from .test_connect import avrsim_pty, open_connect_menu, pick, uno_image  # noqa: F401
from .test_window import (LEFT, WAIT, data_dir, firmware, make_window, click,  # noqa: F401
                          repl_text, simulator_pids, type_in_repl, wait_connected, wait_repl)


# -- helpers ---------------------------------------------------------------------------------

def open_pane(qtbot: Any, window: MainWindow, title: str) -> None:
    """View > title, as a student picks it."""
    bar = window.menuBar()
    view = next(a.menu() for a in bar.actions() if a.text() == "&View")
    action = next(a for a in view.actions() if a.text() == title)
    assert not action.isChecked()
    action.trigger()
    pane = window.board_view if title == "Board" else window.plotter
    qtbot.waitUntil(pane.isVisible, timeout=WAIT)


@pytest.fixture
def board(qtbot: Any, data_dir: Path, firmware: Path) -> Iterator:
    """A window on the simulator as the board asked for, its Board pane open."""
    def start(name: str = "snekboard") -> tuple[MainWindow, BoardView]:
        window = make_window(qtbot, list_ports=lambda: [])
        pick(qtbot, open_connect_menu(qtbot, window),
             f"{connect_choices.board_name(name)} simulator")
        qtbot.waitUntil(lambda: window.board_status.text() ==
                        f"Connected: {connect_choices.board_name(name)} simulator", timeout=WAIT)
        open_pane(qtbot, window, "Board")
        view = window.board_view
        qtbot.waitUntil(lambda: view.title.text() == f"{connect_choices.board_name(name)} "
                        "simulator" and bool(view.tiles), timeout=WAIT)
        return window, view
    yield start


def shows(qtbot: Any, view: BoardView, name: str, *lines: str) -> None:
    """Wait until the tile called name shows these lines."""
    try:
        qtbot.waitUntil(lambda: view.tile(name).lines == lines, timeout=WAIT)
    except qtbot.TimeoutError:
        pytest.fail(f"{name} shows {view.tile(name).lines}, not {lines}")


def run(qtbot: Any, window: MainWindow, line: str, answer: str) -> None:
    """Type a line in the REPL and wait for its answer on a line of its own."""
    before = len(repl_text(window))
    type_in_repl(qtbot, window, line)
    wait_repl(qtbot, window, f"\n{answer}\n", after=before)


def drag(qtbot: Any, slider: QSlider, fraction: float) -> None:
    """Press on the slider's handle, move the mouse with the button held, let go."""
    option = QStyleOptionSlider()
    slider.initStyleOption(option)
    style = slider.style()
    assert style is not None
    handle = style.subControlRect(QStyle.ComplexControl.CC_Slider, option,
                                  QStyle.SubControl.SC_SliderHandle, slider)
    groove = style.subControlRect(QStyle.ComplexControl.CC_Slider, option,
                                  QStyle.SubControl.SC_SliderGroove, slider)
    start = handle.center()
    end_x = round(groove.left() + handle.width() / 2 + fraction * (groove.width() - handle.width()))
    qtbot.mousePress(slider, LEFT, pos=start)
    for step in range(1, 11):
        x = start.x() + (end_x - start.x()) * step / 10
        point = QPointF(x, start.y())
        move = QMouseEvent(QEvent.Type.MouseMove, point, slider.mapToGlobal(point),
                           Qt.MouseButton.NoButton, LEFT, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(slider, move)
    qtbot.mouseRelease(slider, LEFT, pos=QPoint(end_x, start.y()))


# -- outputs ---------------------------------------------------------------------------------

def test_the_snekboards_pins_motors_lights_and_tone(qtbot, board):
    window, view = board("snekboard")
    names = [tile.objectName() for tile in view.tiles]
    assert names == ([f"motor_M{n}" for n in range(1, 5)] + ["neopixels", "tone"]
                     + [f"pin_A{n}" for n in range(1, 9)])
    qtbot.waitUntil(lambda: view.note.text() == WORLD_NOTE, timeout=WAIT)   # the robot's world
    run(qtbot, window, "talkto(M1); setpower(0.5); setleft(); on(); print('go')", "go")
    shows(qtbot, view, "M1", "on · left · 50%")
    shows(qtbot, view, "M2", "off")
    run(qtbot, window, "setright(); setpower(1); print('go')", "go")
    shows(qtbot, view, "M1", "on · right · 100%")
    run(qtbot, window, "talkto(A3); setpower(0.25); on(); print('go')", "go")
    shows(qtbot, view, "A3", "on · 25%", "read() gives 0")
    run(qtbot, window, "neopixel([(1, 0, 0), (0, 0.5, 1)]); tone(440); print('go')", "go")
    shows(qtbot, view, "neopixels", "(1, 0, 0), (0, 0.5, 1)")   # as the program wrote them
    assert view.tile("neopixels").pixels == ((255, 0, 0), (0, 128, 255))
    shows(qtbot, view, "tone", "playing 440 Hz")
    run(qtbot, window, "stopall(); print('stopped')", "stopped")
    shows(qtbot, view, "M1", "off")
    shows(qtbot, view, "tone", "silent")


def test_the_unos_pins_and_its_led(qtbot, board):
    window, view = board("uno")
    names = [tile.objectName() for tile in view.tiles]
    assert names == ["tone"] + [f"pin_D{n}" for n in range(14)] + [f"pin_A{n}" for n in range(6)]
    assert view.tile("LED") is view.tile("D13") and view.tile("LED").name == "D13 · LED"
    run(qtbot, window, "talkto(LED); on(); print('lit')", "lit")
    shows(qtbot, view, "D13", "on · 100%", "read() gives 1")
    run(qtbot, window, "off(); print('dark')", "dark")
    shows(qtbot, view, "D13", "off", "read() gives 1")


# -- beside the robot and the plotter, on a laptop's screen ------------------------------------

def visible_part(widget: Any) -> tuple[int, int]:
    """The width and height of what shows of a widget in its window: within each of its
    parents (not scrolled away, not a dock tab put aside off the window)."""
    window = widget.window()
    shown = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        shown = shown.intersected(QRect(parent.mapTo(window, QPoint(0, 0)), parent.size()))
        parent = parent.parentWidget()
    shown = shown.intersected(window.rect())
    return (shown.width(), shown.height()) if widget.isVisible() and not shown.isEmpty() \
        else (0, 0)


def test_on_a_laptop_the_robot_the_board_and_the_plotter_each_have_room(qtbot, board):
    """1366x700 (a laptop's screen less its panel): the Board and the Plotter take turns as
    tabs (stacked, the graph was a 100-pixel strip and the board showed six pins), the board
    shows its pins in two columns, and a program driving the robot shows on both."""
    window, view = board("snekboard")
    window.resize(1366, 700)
    qtbot.waitUntil(lambda: window.width() == 1366, timeout=WAIT)
    open_pane(qtbot, window, "Plotter")
    docks = {dock.windowTitle(): dock for dock in window.findChildren(QDockWidget)}
    assert window.tabifiedDockWidgets(docks["Board"]) == [docks["Plotter"]]
    qtbot.waitUntil(lambda: visible_part(window.plotter.graph)[1] >= 300, timeout=WAIT)
    assert visible_part(view) == (0, 0)                     # behind the plotter's tab
    tabs = next(bar for bar in window.findChildren(QTabBar)
                if [bar.tabText(i) for i in range(bar.count())] == ["Board", "Plotter"])
    qtbot.mouseClick(tabs, LEFT, pos=tabs.tabRect(0).center())
    qtbot.waitUntil(lambda: visible_part(view)[1] >= 450, timeout=WAIT)
    assert view._columns == 2

    def shown() -> set[str]:
        return {tile.objectName() for tile in view.tiles
                if visible_part(tile)[1] >= tile.height() > 30}
    try:
        qtbot.waitUntil(lambda: {"motor_M1", "motor_M4", "neopixels", "tone", "pin_A1"}
                        <= shown(),
                        timeout=WAIT)
    except qtbot.TimeoutError:
        pytest.fail(f"only {sorted(shown())} show whole")
    # The robot drives in the oval while the board shows its motors.
    robot = window.robot_pane
    assert robot.show_world("oval") and visible_part(robot.canvas)[1] >= 250
    start = robot.canvas.snapshot.pose
    run(qtbot, window, "talkto(M1); setright(); setpower(0.6); on(); talkto(M3); setleft(); "
        "setpower(0.35); on(); print('off it goes')", "off it goes")
    shows(qtbot, view, "M1", "on · right · 60%")
    shows(qtbot, view, "M3", "on · left · 35%")
    qtbot.waitUntil(lambda: robot.canvas.snapshot.pose.x > start.x + 3, timeout=WAIT)


# -- inputs ----------------------------------------------------------------------------------

def test_clicking_a_digital_pin_is_what_read_gives(qtbot, board):
    window, view = board("uno")
    tile = view.tile("D2")
    assert isinstance(tile, PinTile) and tile.slider is None
    shows(qtbot, view, "D2", "off", "read() gives 1")          # its pull-up
    qtbot.mouseClick(tile, LEFT)
    shows(qtbot, view, "D2", "off", "read() gives 0")
    run(qtbot, window, "print('D2 reads', read(D2))", "D2 reads 0")
    qtbot.mouseClick(tile, LEFT)
    run(qtbot, window, "print('D2 reads', read(D2))", "D2 reads 1")


def test_dragging_a_slider_is_what_read_gives(qtbot, board):
    window, view = board("snekboard")
    tile = view.tile("A2")                             # no sensor of the world's on it
    assert isinstance(tile, PinTile) and tile.slider is not None and tile.slider.isEnabled()
    drag(qtbot, tile.slider, 0.4)
    value = tile.slider.value()
    assert 30 <= value <= 50, value
    shown = f"{value / 100:.2f}".rstrip("0").rstrip(".")
    shows(qtbot, view, "A2", "off", f"read() gives {shown}")
    run(qtbot, window, "print('A2 reads', read(A2))", f"A2 reads {shown}")
    drag(qtbot, tile.slider, -0.2)                     # past the end: all the way down
    run(qtbot, window, "print('A2 reads', read(A2))", "A2 reads 0")


def test_in_the_robots_world_its_sensors_set_their_pins(qtbot, board):
    """The world's light sensor on A1 wins over the hand, as a real sensor would: the view
    shows what it reads, and what is set otherwise is put right at the world's next step."""
    window, view = board("snekboard")
    tile = view.tile("A1")
    assert isinstance(tile, PinTile) and tile.slider is not None
    shows(qtbot, view, "A1", "off", "read() gives 0.05", "light sensor")
    assert not tile.slider.isEnabled() and tile.slider.value() == 5
    assert "light sensor" in tile.slider.toolTip()
    # Saying so takes no more room than another pin: the board keeps its two columns.
    assert tile.minimumSizeHint().width() == view.tile("A2").minimumSizeHint().width()
    drag(qtbot, tile.slider, 0.8)                      # a student tries all the same
    assert tile.slider.value() == 5
    run(qtbot, window, "print('A1 reads', read(A1))", "A1 reads 0.05")
    # On the oval's tape the sensor reads dark, and the view follows it.
    assert window.robot_pane.show_world("oval")
    shows(qtbot, view, "A1", "off", "read() gives 0.87", "light sensor")
    assert tile.slider.value() == 87
    run(qtbot, window, "print('A1 reads', read(A1))", "A1 reads 0.87")
    # Set another way (by a tool, by hand through the watch): the world's value comes back.
    spot = view.watch.picture().layout.pin("A1")
    assert "light sensor" in view.watch.set_input(spot, 0.3)
    assert window.connection.side_channel.send_input(spot.number, 0.3)
    run(qtbot, window, "time.sleep(0.05); print('A1 reads', read(A1))", "A1 reads 0.87")
    shows(qtbot, view, "A1", "off", "read() gives 0.87", "light sensor")
    # The other pins stay the student's.
    assert view.tile("A2").slider.isEnabled()


def test_pullnone_shows_what_an_unset_digital_pin_reads(qtbot, board):
    window, view = board("uno")
    run(qtbot, window, "pullnone(D4); print('D4 reads', read(D4))", "D4 reads 0")
    shows(qtbot, view, "D4", "off", "read() gives 0")


def test_inputs_set_before_a_reset_are_kept_as_the_simulator_keeps_them(qtbot, board):
    window, view = board("uno")
    qtbot.mouseClick(view.tile("D7"), LEFT)
    shows(qtbot, view, "D7", "off", "read() gives 0")
    run(qtbot, window, "talkto(D8); on(); print('on')", "on")
    shows(qtbot, view, "D8", "on · 100%", "read() gives 1")
    click(qtbot, window, "Reset")
    qtbot.waitUntil(lambda: "restarted" in window.message.text(), timeout=WAIT)
    shows(qtbot, view, "D8", "off", "read() gives 1")
    run(qtbot, window, "print('D7 reads', read(D7))", "D7 reads 0")
    shows(qtbot, view, "D7", "off", "read() gives 0")


# -- faults ----------------------------------------------------------------------------------

def test_a_simulator_that_dies_is_said_in_the_pane_and_the_ide_stays_up(qtbot, board):
    window, view = board("snekboard")
    run(qtbot, window, "talkto(M2); on(); print('on')", "on")
    shows(qtbot, view, "M2", "on · right · 100%")
    [pid] = simulator_pids()
    os.kill(pid, signal.SIGKILL)
    qtbot.waitUntil(lambda: view.notice.isVisible() and view.notice.text() == STOPPED,
                    timeout=WAIT)
    qtbot.waitUntil(lambda: window.board_status.text() == "Not connected", timeout=WAIT)
    qtbot.mouseClick(view.tile("M2"), LEFT)              # nothing to click on a motor
    drag(qtbot, view.tile("A2").slider, 0.5)
    assert view.notice.text() == NOT_RUNNING
    # Connect again: a fresh simulator, the picture at rest, the pane quiet.
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    shows(qtbot, view, "M2", "off")
    qtbot.waitUntil(lambda: not view.notice.isVisible(), timeout=WAIT)
    run(qtbot, window, "print(6 * 7)", "42")


def test_a_program_that_floods_the_side_channel_is_said_and_stops(qtbot, board):
    # The Uno runs on the wall clock, reporting every change (a Snekboard in the robot's
    # world reports at the world's steps: see the next test).
    window, view = board("uno")
    run(qtbot, window, "talkto(D2); print('ready')", "ready")
    type_in_repl(qtbot, window, "while True:", "on(); off()", "")
    qtbot.waitUntil(lambda: view.notice.text() == FLOODING, timeout=WAIT)
    # The window answers: the pane redraws and Stop stops the program.
    version = view._drawn.version
    qtbot.waitUntil(lambda: view._drawn.version != version, timeout=WAIT)
    click(qtbot, window, "Stop")
    qtbot.waitUntil(lambda: window.message.text() == "Stopped.", timeout=WAIT)
    run(qtbot, window, "print(6 * 7)", "42")
    qtbot.waitUntil(lambda: not view.notice.isVisible(), timeout=WAIT)


def test_in_the_robots_world_a_pin_switched_without_end_is_no_flood(qtbot, board):
    """In virtual time the board reports at the world's steps, the latest of each: the view,
    the robot and the window keep up, and Stop stops it."""
    window, view = board("snekboard")
    run(qtbot, window, "talkto(M1); on(); talkto(A2); print('ready')", "ready")
    type_in_repl(qtbot, window, "while True:", "on(); off()", "")
    robot = window.robot_pane
    started = robot.canvas.snapshot.time_us
    qtbot.waitUntil(lambda: robot.canvas.snapshot.time_us > started + 500_000, timeout=WAIT)
    shows(qtbot, view, "M1", "on · right · 100%")
    assert view.notice.text() == "" and not robot.message.isVisible()
    click(qtbot, window, "Stop")
    qtbot.waitUntil(lambda: window.message.text() == "Stopped.", timeout=WAIT)
    run(qtbot, window, "print(6 * 7)", "42")


# -- a real board: the Uno image in avrsim on a pty --------------------------------------------

def test_a_real_uno_shows_what_was_typed_and_takes_no_inputs(qtbot, data_dir, avrsim_pty):
    args = parser().parse_args(["--port", str(avrsim_pty), "--board", "uno"])
    window = create_window(args.files, port=args.port, board=args.board)
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    wait_connected(qtbot, window)
    open_pane(qtbot, window, "Board")
    view = window.board_view
    qtbot.waitUntil(lambda: view.title.text() == "Arduino Uno" and bool(view.tiles), timeout=WAIT)
    assert view.note.text() == NOTES["robot"]
    assert "cannot set" in view.note.text()
    d2 = view.tile("D2")
    assert isinstance(d2, PinTile) and d2.cursor().shape() == Qt.CursorShape.ArrowCursor
    a0 = view.tile("A0")
    assert isinstance(a0, PinTile) and a0.slider is not None and a0.slider.isHidden()
    qtbot.mouseClick(d2, LEFT)
    assert d2.lines == ("off",)                           # a click sets nothing on a robot
    run(qtbot, window, "talkto(LED); on(); print('lit')", "lit")
    shows(qtbot, view, "D13", "on · 100%")
    before = len(repl_text(window))
    type_in_repl(qtbot, window, "read(A0)")
    qtbot.waitUntil(lambda: repl_text(window)[before:].strip().split("\n")[-1:] != [""]
                    and view.tile("A0").lines[1:] != (), timeout=WAIT)
    answer = [line for line in repl_text(window)[before:].splitlines()
              if line and line[0].isdigit()][0]
    shows(qtbot, view, "A0", "off", f"read() gave {float(answer):.2f}".rstrip("0").rstrip("."))
    type_in_repl(qtbot, window, "for i in range(3):", "on(); off()", "")
    qtbot.waitUntil(lambda: view.notice.text() == UNCERTAIN, timeout=WAIT)
    window.close()


def test_the_board_takes_its_colours_from_the_theme(qtbot, board):
    from PyQt6.QtGui import QColor

    from snekide import settings
    from snekide.themes import read_theme
    window, view = board("snekboard")
    run(qtbot, window, "talkto(M4); on(); print('on')", "on")
    shows(qtbot, view, "M4", "on · right · 100%")
    for theme in ("night", "day"):
        window.themes.choose(theme)
        colours = read_theme(settings.shipped("themes") / f"{theme}.toml").board
        assert view.face.colour == QColor(colours["board"])
        tile = view.tile("M4")
        assert tile.colours.motor == QColor(colours["motor"])
        assert tile.light == QColor(colours["motor"])       # a running motor's light
        picture = tile.grab().toImage()
        assert picture.pixelColor(3, picture.height() // 2) == QColor(colours["background"])
