# SPDX-License-Identifier: GPL-3.0-or-later
"""Help: the quick reference agrees with the firmware and is searched through the window; the
keyboard shortcuts shown are the menus' own; About; status messages never overlap."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtGui import QKeySequence

from snekide import help_names, reference
from snekide.help_pane import NO_MATCH, AboutDialog, QuickReference, ShortcutsDialog
from snekide.main_window import MainWindow

from .test_connect import open_connect_menu, pick, when_dialog_opens
from .test_window import (WAIT, click, data_dir, firmware, make_window,  # noqa: F401
                          wait_connected, window)

ROOT = Path(__file__).resolve().parents[2]


# -- the reference agrees with the firmware ---------------------------------------------

def test_the_generated_names_are_up_to_date():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_help_names.py"), "--check"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def all_rows() -> dict[tuple[str, ...], tuple[str, int, int]]:
    rows = {}
    for board_rows in help_names.BUILTINS.values():
        for kind, names, low, high in board_rows:
            rows[names] = (kind, low, high)
    return rows


def documented() -> dict[str, reference.Topic]:
    return {name: topic for topic in reference.BUILTIN_TOPICS for name in topic.names}


def test_every_built_in_of_every_board_is_explained():
    explained = documented()
    missing = [names[0] for names in all_rows() if names[0] not in explained]
    assert missing == []
    known = {name for names in all_rows() for name in names}
    assert sorted(set(explained) - known) == []  # nothing explained that no board has


def arguments(title: str) -> tuple[int, int]:
    """(fewest, most) values a title shows in its brackets: [x] optional, `x, ...` any
    number (none too)."""
    inside = title[title.index("(") + 1:title.rindex(")")]
    inside = re.sub(r",?\s*\w+=[^,]*", "", inside)  # name=value: not counted
    if not inside.strip():
        return 0, 0
    if "..." in inside:
        return 0, 255
    optional = inside.count("[")
    total = len([p for p in re.split(r"[,\[\]]", inside) if p.strip()])
    return total - optional, total


def test_each_function_shows_as_many_values_as_the_firmware_takes():
    explained = documented()
    for names, (kind, low, high) in all_rows().items():
        if kind != "func":
            continue
        title = explained[names[0]].title
        assert arguments(title) == (low, high), title


def test_every_word_of_the_language_is_explained():
    words = {word for topic in reference.LANGUAGE_TOPICS for word in topic.names}
    assert sorted(set(help_names.KEYWORDS) - words) == []
    assert sorted(words - set(help_names.KEYWORDS)) == []


@pytest.mark.parametrize("board", ["snekboard", "uno"])
def test_every_name_shown_is_known_to_the_simulator_as_that_board(board, firmware, tmp_path):
    names = sorted(reference.board_names(board) | set(help_names.PINS[board]))
    program = tmp_path / "names.py"
    program.write_text("".join(f"x = {name}\n" for name in names) + "print('all known')\n")
    done = subprocess.run([str(firmware), "--board", board, str(program)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.stdout == "all known\n", done.stderr
    others = set().union(*help_names.PINS.values()) - set(help_names.PINS[board])
    for pin in sorted(others):  # another board's pins are not this one's
        program.write_text(f"x = {pin}\n")
        done = subprocess.run([str(firmware), "--board", board, str(program)],
                              capture_output=True, text=True, timeout=60, check=False)
        assert f"undefined: {pin}" in done.stderr


def test_the_snekboard_reference_is_the_real_boards():
    """Built from the Snekboard port's configuration, not the host build's: the board has
    no speaker (no tone) and nothing to exit to."""
    config = (ROOT / "firmware" / "ports" / "snekboard" / "config.h").read_text()
    assert "#define SNEK_TONE (0)" in config and "#define SNEK_EXIT (0)" in config
    names = reference.board_names("snekboard")
    assert {"tone", "tonefor", "exit"}.isdisjoint(names)
    assert {"talkto", "setpower", "neopixel", "math.sin", "random.randrange"} <= names
    assert "tone" in reference.board_names("uno")


def test_the_simulator_boards_have_the_pins_of_the_real_ones():
    assert help_names.SIMULATOR_PINS["uno"] == help_names.PINS["uno"]


def test_search():
    assert [t.title for t in reference.search("uno", "sqrt")] == ["sqrt(x)"]
    sin_on_snekboard = reference.search("snekboard", "sine")
    assert "sin(angle)" in [t.title for t in sin_on_snekboard]
    assert reference.search("uno", "sine") == []  # the Uno has no trigonometry
    both = reference.search("snekboard", "PAIR   pins")  # any case, every word
    assert [t.title for t in both] == ["talkto(pin)"]
    assert "talkto(LED)" in next(t.example for t in reference.search("uno", "talkto"))


# -- through the window ------------------------------------------------------------

def activate(qtbot: Any, window: MainWindow) -> None:
    """Make the window the active one again (the offscreen platform leaves a closed popup
    active), as a student's click on it does."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)


def reference_text(dialog: QuickReference) -> str:
    return dialog.view.toPlainText()


def test_f1_opens_the_reference_of_the_board_in_use(qtbot, window):
    window.editor().setFocus()
    qtbot.keyClick(window.editor(), Qt.Key.Key_F1)
    dialog = window.help_menu.reference
    assert dialog is not None and dialog.isVisible()
    qtbot.addWidget(dialog)
    assert dialog.board.currentText() == "Snekboard"
    text = reference_text(dialog)
    assert "Built-in functions of the Snekboard" in text
    assert "neopixel(colours)" in text and "M1 (a motor: power pin 8, direction pin 9)" in text
    qtbot.keyClicks(dialog.search, "neopixel")
    assert "neopixel(colours)" in reference_text(dialog)
    assert "sqrt(x)" not in reference_text(dialog)
    dialog.board.setCurrentIndex(dialog.board.findData("uno"))
    assert reference_text(dialog).strip() == NO_MATCH.format(query="neopixel")
    dialog.search.clear()
    qtbot.keyClicks(dialog.search, "LED")
    assert "LED (pin 13)" in reference_text(dialog)
    dialog.close()

    # On the Uno simulator, F1 shows the Uno's reference.
    pick(qtbot, open_connect_menu(qtbot, window), "Arduino Uno simulator")
    qtbot.waitUntil(lambda: window.board_status.text() == "Connected: Arduino Uno simulator",
                    timeout=WAIT)
    activate(qtbot, window)
    window.editor().setFocus()
    qtbot.keyClick(window.editor(), Qt.Key.Key_F1)
    assert dialog.isVisible() and dialog.board.currentText() == "Arduino Uno"


def run_dialog(qtbot: Any, window: MainWindow, kind: type, action_text: str) -> Any:
    """Choose Help ▸ action_text; return the dialog of that kind it showed (then closed)."""
    seen: list[Any] = []

    def act(dialog: Any) -> None:
        seen.append(dialog)
        dialog.reject()

    when_dialog_opens(kind, act)
    next(a for a in window.help_menu.actions() if a.text() == action_text).trigger()
    qtbot.waitUntil(lambda: bool(seen), timeout=WAIT)
    return seen[0]


def test_menus_and_the_shortcuts_dialog_show_the_keys(qtbot, data_dir):
    window = make_window(qtbot)
    bar = window.menuBar()
    assert bar is not None
    robot = next(a.menu() for a in bar.actions() if a.text() == "&Robot")
    keys = {a.text(): a.shortcut().toString() for a in robot.actions()}
    assert {name: keys[name] for name in ("Put", "Get", "Stop")} == {
        "Put": "F6", "Get": "F8", "Stop": "F7"}
    assert window.button("Stop").toolTip().endswith("(F7)")
    dialog = run_dialog(qtbot, window, ShortcutsDialog, "Keyboard shortcuts")
    rows = dialog.rows()
    for row in [("F6", "Put (Robot menu)"), ("F7", "Stop (Robot menu)"),
                ("F8", "Get (Robot menu)"), ("F1", "Quick reference (Help menu)"),
                (QKeySequence("Ctrl+S").toString(QKeySequence.SequenceFormat.NativeText),
                 "Save (File menu)"), ("Enter", "Send the line to the robot (REPL)")]:
        assert row in rows
    # The keys work from the editor.
    activate(qtbot, window)
    window.editor().setFocus()
    qtbot.keyClick(window.editor(), Qt.Key.Key_F6)
    assert window.message.text() == "No robot is connected. Press Connect."


def test_about_shows_the_version_and_the_licence(qtbot, data_dir):
    window = make_window(qtbot)
    dialog = run_dialog(qtbot, window, AboutDialog, "About snekide")
    text = dialog.text.text()
    assert "snekide 0.1.0" in text and "GPL-3.0-or-later" in text


# -- status messages never overlap ---------------------------------------------------

def overlaps(a: Any, b: Any) -> bool:
    return a.isVisible() and b.isVisible() and a.geometry().intersects(b.geometry())


def test_a_tip_takes_the_message_line_and_leaves_the_badges_alone(qtbot, window):
    bar = window.statusBar()
    assert bar is not None
    assert window.program_status.isVisible()
    put = window.button("Put")
    qtbot.mouseMove(put, QPoint(put.width() // 2, put.height() // 2))
    tip = window.actions_by_name["Put"].statusTip()
    qtbot.waitUntil(lambda: window.message.shown_text() == tip, timeout=WAIT)
    window.editor().setPlainText("on()\n")  # the badge changes while the tip shows
    assert bar.currentMessage() == ""  # nothing drawn over the badges
    assert window.program_status.isVisible() and window.board_status.isVisible()
    assert not overlaps(window.program_status, window.message)
    assert not overlaps(window.board_status, window.message)
    qtbot.mouseMove(window.editor(), QPoint(10, 10))
    qtbot.waitUntil(lambda: window.message.shown_text() == window.message.text(), timeout=WAIT)


def test_a_long_message_is_cut_to_fit_and_whole_in_its_tooltip(qtbot, window):
    width = window.width()
    long = "The robot said something very long. " * 12
    window.show_message(long)
    qtbot.waitUntil(lambda: window.message.visible_text().endswith("…"), timeout=WAIT)
    assert window.width() == width
    assert window.message.toolTip() == long
    assert not overlaps(window.program_status, window.message)
    assert window.message.geometry().right() <= window.statusBar().width()
