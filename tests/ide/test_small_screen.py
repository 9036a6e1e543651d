# SPDX-License-Identifier: GPL-3.0-or-later
"""A school laptop's 1366x768 screen with Big text on and a lesson open: the status bar still
shows the "Start without the robot's program" button whole, and some of the message beside
it, because the badges give way (their text is cut, whole in the tooltip)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from snekide import boot_watch
from snekide.lessons.library import lessons_folder
from snekide.main_window import MainWindow

from .test_window import data_dir, firmware, make_window  # noqa: F401 - fixtures

CONNECTED = "Connected: Snekboard simulator"
NOT_CHECKED = "Robot's program: not checked yet"


@pytest.fixture
def laptop(qtbot: Any, data_dir: Path) -> MainWindow:  # noqa: F811
    window = make_window(qtbot, files=[lessons_folder() / "08-line-bug.md"])
    window.resize(1366, 768)
    window.themes.set_projector(True, remember=False)
    qtbot.wait(200)
    yield window
    window.themes.set_projector(False, remember=False)


def test_the_safe_start_button_can_be_read_with_big_text(laptop: MainWindow, qtbot: Any) -> None:
    laptop.board_status.setText(CONNECTED)
    laptop.program_status.setText(NOT_CHECKED)
    laptop.program_status.show()
    laptop.safe_start._show(boot_watch.trouble(boot_watch.WILL_NOT_STOP, False))
    qtbot.wait(100)
    button = laptop.safe_start.button
    assert button.isVisible()
    assert button.width() >= button.sizeHint().width()
    assert button.geometry().right() <= laptop.statusBar().width()
    assert laptop.message.width() >= laptop.message.fontMetrics().horizontalAdvance("x" * 12)
    # The badges gave way, and say all of it in their tooltips.
    assert laptop.board_status.toolTip() == CONNECTED
    assert laptop.program_status.toolTip() == NOT_CHECKED
    shown = laptop.board_status.visible_text() + laptop.program_status.visible_text()
    assert "…" in shown


def test_badges_show_their_whole_text_when_there_is_room(qtbot: Any,
                                                         data_dir: Path) -> None:  # noqa: F811
    window = make_window(qtbot)
    window.resize(1366, 768)
    window.board_status.setText(CONNECTED)
    qtbot.wait(100)
    assert window.board_status.visible_text() == CONNECTED


def test_the_lesson_text_fits_its_pane_with_big_text(laptop: MainWindow, qtbot: Any) -> None:
    """With Big text the snek block's buttons wrap: the page is no wider than the pane, even
    a pane dragged narrow, so no line of the lesson is cut at its right edge."""
    sizes = laptop.splitter.sizes()
    laptop.splitter.setSizes([280, sizes[1] + sizes[0] - 280, sizes[2]])
    qtbot.wait(100)
    area = laptop.lesson_pane.page_area
    page = area.widget()
    assert page is not None
    assert page.width() <= area.viewport().width()
