# SPDX-License-Identifier: GPL-3.0-or-later
"""The plotter, through the window: printed tuples graphed live; pause, clear, save, hide."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QImage

from snekide.device.usb import SIMULATOR
from snekide.main_window import MainWindow
from tests.ide.test_window import type_in_repl

ROOT = Path(__file__).resolve().parents[2]
WAIT = 15_000
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture(scope="module")
def firmware() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)
    return ROOT / "firmware" / "build" / "posix" / "snek"


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           firmware: Path) -> MainWindow:
    monkeypatch.setenv("SNEKIDE_DATA_DIR", str(tmp_path / "data"))
    window = MainWindow(list_devices=lambda: [SIMULATOR])
    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    qtbot.mouseClick(window.button("Connect"), LEFT)
    qtbot.waitUntil(lambda: window.board_status.text().startswith("Connected"), timeout=WAIT)
    return window


def curve(window: MainWindow, index: int) -> tuple[np.ndarray, np.ndarray]:
    x, y = window.plotter._curves[index].getData()
    return x, y


def points(window: MainWindow) -> int:
    curves = window.plotter._curves
    return 0 if not curves else len(curves[0].getData()[0])


def test_printed_tuples_are_graphed_live(qtbot, window):
    plotter = window.plotter
    assert not plotter.isVisible()
    type_in_repl(qtbot, window, "for i in range(40):", "print((i, i * i))", "")
    qtbot.waitUntil(lambda: points(window) == 40, timeout=WAIT)
    assert plotter.isVisible()
    x, y = curve(window, 0)
    assert list(x) == list(range(40)) and list(y) == list(range(40))
    assert list(curve(window, 1)[1]) == [i * i for i in range(40)]
    assert plotter.status.text() == "40 rows of numbers"


def test_pause_holds_the_graph_and_clear_empties_it(qtbot, window):
    plotter = window.plotter
    type_in_repl(qtbot, window, "print(1, 2)")
    qtbot.waitUntil(lambda: points(window) == 1, timeout=WAIT)
    qtbot.mouseClick(plotter.pause_button, LEFT)
    type_in_repl(qtbot, window, "for i in range(5):", "print(i, 2 * i)", "")
    qtbot.waitUntil(lambda: plotter.data.rows == 6, timeout=WAIT)
    with qtbot.waitSignal(plotter.timer.timeout):
        pass
    assert points(window) == 1  # held still
    qtbot.mouseClick(plotter.pause_button, LEFT)
    qtbot.waitUntil(lambda: points(window) == 6, timeout=WAIT)
    qtbot.mouseClick(plotter.clear_button, LEFT)
    assert points(window) == 0 and plotter.data.rows == 0


def test_save_picture_and_numbers(qtbot, window, tmp_path):
    plotter = window.plotter
    type_in_repl(qtbot, window, "for i in range(10):", "print(i, 10 - i)", "")
    qtbot.waitUntil(lambda: points(window) == 10, timeout=WAIT)
    answers = iter([tmp_path / "graph.png", tmp_path / "numbers.csv"])
    plotter.ask_save_path = lambda *args: next(answers)  # type: ignore[method-assign]
    qtbot.mouseClick(plotter.picture_button, LEFT)
    qtbot.mouseClick(plotter.numbers_button, LEFT)
    image = QImage(str(tmp_path / "graph.png"))
    assert image.width() > 100 and image.height() > 50
    csv = (tmp_path / "numbers.csv").read_text().splitlines()
    assert csv[0] == "row,value 1,value 2" and csv[1] == "0,0,10" and csv[-1] == "9,9,1"
    assert plotter.status.text() == "Saved the numbers in numbers.csv."


def test_a_save_that_fails_says_so(qtbot, window, tmp_path):
    plotter = window.plotter
    plotter.ask_save_path = lambda *args: tmp_path / "no" / "such" / "folder.csv"
    qtbot.mouseClick(plotter.numbers_button, LEFT)
    assert "Could not save the numbers" in plotter.status.text()


def test_hidden_it_stays_hidden_until_asked_for(qtbot, window):
    plotter = window.plotter
    type_in_repl(qtbot, window, "print(3, 4)")
    qtbot.waitUntil(plotter.isVisible, timeout=WAIT)
    qtbot.mouseClick(plotter.hide_button, LEFT)
    assert not plotter.isVisible()
    type_in_repl(qtbot, window, "print(5, 6)")
    qtbot.waitUntil(lambda: plotter.data.rows == 2, timeout=WAIT)
    assert not plotter.isVisible()
    plotter.show_action.trigger()
    assert plotter.isVisible() and points(window) == 2


def test_text_is_not_graphed(qtbot, window):
    type_in_repl(qtbot, window, "print('hello', 1)", "print([1, 2])", "x = 5")
    qtbot.waitUntil(lambda: "[1, 2]" in window.repl.toPlainText(), timeout=WAIT)
    assert not window.plotter.isVisible() and window.plotter.data.rows == 0


def test_an_answer_at_the_repl_does_not_bring_it_up_but_a_stream_does(qtbot, window):
    plotter = window.plotter
    type_in_repl(qtbot, window, "6 * 7", "read(A1)")
    qtbot.waitUntil(lambda: plotter.data.rows == 2, timeout=WAIT)
    assert not plotter.isVisible()
    type_in_repl(qtbot, window, "for i in range(3):", "print(i)", "")
    qtbot.waitUntil(plotter.isVisible, timeout=WAIT)
    assert plotter.data.rows == 5
