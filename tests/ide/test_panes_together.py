# SPDX-License-Identifier: GPL-3.0-or-later
"""The lesson pane, the editor, the robot, the REPL and the plotter together, through the
window: each usable on a 1366x768 laptop (its panel and title bar leave about 700 pixels),
with projector mode's big text too, and each in the colours of the theme chosen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtGui import QColor

from snekide.lessons.library import lessons_folder
from snekide.main_window import MainWindow

from .test_lessons_pane import open_from_menu
from .test_window import (  # noqa: F401 - fixtures
    WAIT, click, data_dir, firmware, make_window, type_in_repl, wait_connected,
)

LAPTOP = (1366, 700)
SHAPES = lessons_folder() / "06-drawing-shapes.md"


@pytest.fixture
def everything(qtbot: Any, data_dir: Path, firmware: Path) -> Iterator[MainWindow]:
    """The IDE at laptop size on the simulator, a robot lesson open, numbers in the plotter.
    Themes and projector mode belong to the whole application: put back as they were."""
    window = make_window(qtbot)
    window.resize(*LAPTOP)
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    open_from_menu(window, SHAPES)
    type_in_repl(qtbot, window, "for i in range(20):", "print(i, i * i)", "")
    qtbot.waitUntil(window.plotter.isVisible, timeout=WAIT)
    qtbot.waitUntil(lambda: window.plotter.data.rows == 20, timeout=WAIT)
    yield window
    window.themes.set_projector(False, remember=False)
    window.themes.choose("day", remember=False)


def sizes(window: MainWindow) -> dict[str, tuple[int, int]]:
    parts = {"lesson page": window.lesson_pane.page_area, "editor": window.editor(),
             "robot": window.robot_pane.canvas, "REPL": window.repl, "graph": window.plotter.plot}
    return {name: (widget.width(), widget.height()) for name, widget in parts.items()
            if widget.isVisible()}


def assert_usable(window: MainWindow, least: dict[str, tuple[int, int]]) -> None:
    shown = sizes(window)
    assert sorted(shown) == sorted(least), shown
    small = {name: shown[name] for name, (width, height) in least.items()
             if shown[name][0] < width or shown[name][1] < height}
    assert small == {}, f"too small: {small} (all: {shown})"
    assert window.width() <= LAPTOP[0], "the window grew wider than the screen"


def test_every_pane_is_usable_on_a_laptop(qtbot, everything):
    window = everything
    assert_usable(window, {"lesson page": (300, 250), "editor": (420, 200),
                           "robot": (300, 200), "REPL": (300, 180), "graph": (400, 120)})
    # The panes' rows of buttons wrap rather than widen their column.
    for pane in (window.robot_pane, window.plotter):
        assert pane.minimumSizeHint().width() < 300, pane.objectName()
    # The editor is the widest: the student's program is written there.
    editor = window.editor().width()
    assert editor > window.lesson_pane.width() and editor > window.repl.width()


def test_projector_mode_on_a_laptop_still_leaves_room_for_the_program(qtbot, everything):
    window = everything
    window.theme_menu.projector_action.trigger()
    qtbot.waitUntil(lambda: window.themes.projector, timeout=WAIT)
    assert_usable(window, {"lesson page": (300, 200), "editor": (450, 200),
                           "robot": (300, 200), "REPL": (300, 150), "graph": (400, 150)})
    counter = window.lesson_pane.counter
    assert counter.width() >= counter.sizeHint().width(), "the step counter is cut off"


def pixel(widget: Any, x: int = 3, y: int = 3) -> str:
    return QColor(widget.grab().toImage().pixel(x, y)).name()


def test_a_theme_colours_the_robot_pane_and_the_plotter(qtbot, everything):
    window = everything
    canvas, graph = window.robot_pane.canvas, window.plotter.plot
    day = (pixel(canvas), pixel(graph))
    assert day[1] == "#ffffff"
    for key in ("night", "high-contrast"):
        window.themes.choose(key)
        theme = window.themes.theme
        assert theme is not None and theme.key == key
        assert pixel(canvas) == theme.board["background"]   # around the robot's floor
        assert pixel(graph) == theme.repl["background"]     # the graph's background
        middle = canvas.to_widget(canvas.snapshot.world.width / 2, 1)
        floor = QColor(canvas.grab().toImage().pixel(int(middle.x()), int(middle.y())))
        assert floor.lightness() > 150, "the floor stays light: its tape is black"
        assert window.plotter.colours != ["#1565c0"] and graph.getAxis("left").textPen().color() \
            == QColor(theme.repl["text"])
    window.themes.choose("day")
    assert (pixel(canvas), pixel(graph)) == day
