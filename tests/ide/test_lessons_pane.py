# SPDX-License-Identifier: GPL-3.0-or-later
"""The lesson pane in the main window, driven as a student drives it."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtCore import Qt, QUrl
from PyQt6.QtGui import QTextDocument
from PyQt6.QtWidgets import QPushButton

from snekide.connection import NOT_CONNECTED
from snekide.lessons.checks import RobotSample
from snekide.lessons.library import lessons_folder
from snekide.lessons.pane import CodeView, ProseView
from snekide.main_window import MainWindow

from .test_window import (  # noqa: F401 - fixtures
    LEFT, WAIT, data_dir, firmware, make_window, repl_text, type_in_repl, wait_repl,
)

FIRST_WORDS = lessons_folder() / "01-first-words.md"
LINE_BUG = lessons_folder() / "08-line-bug.md"


def open_from_menu(window: MainWindow, path: Path) -> None:
    """File → Open lesson…, answering the file dialog with path."""
    window.ask_lesson_path = lambda: path  # type: ignore[method-assign]
    file_menu = window.menuBar().actions()[0].menu()
    (action,) = [a for a in file_menu.actions() if a.text() == "Open lesson…"]
    action.trigger()


def buttons(window: MainWindow, name: str) -> list[QPushButton]:
    return [b for b in window.lesson_pane.findChildren(QPushButton, name) if b.isVisible()]


def click(qtbot: Any, button: QPushButton) -> None:
    qtbot.mouseClick(button, LEFT)


def page_text(window: MainWindow) -> str:
    return "\n".join(view.toPlainText() for view in window.lesson_pane.findChildren(ProseView)
                     if view.isVisible())


@pytest.fixture
def connected(qtbot, data_dir, firmware) -> MainWindow:
    window = make_window(qtbot)
    qtbot.mouseClick(window.button("Connect"), LEFT)
    qtbot.waitUntil(lambda: window.board_status.text().startswith("Connected"), timeout=WAIT)
    return window


# -- opening and moving through steps --------------------------------------------------------

def test_open_lesson_shows_the_first_step_beside_the_editor(qtbot, data_dir):
    window = make_window(qtbot)
    pane = window.lesson_pane
    assert not pane.isVisible()
    open_from_menu(window, FIRST_WORDS)
    assert pane.isVisible()
    assert pane.title.text() == "First words"
    assert "Arduino Uno" in pane.about.text()
    assert pane.step_title.text() == "Say hello"
    assert pane.counter.text() == "Step 1 of 7"
    assert "Logo" in page_text(window)  # the introduction comes with the first step
    assert not pane.back_button.isEnabled() and pane.next_button.isEnabled()
    assert window.splitter.indexOf(pane) == 0 and pane.width() >= 300
    assert window.message.text() == "Opened the lesson First words"


def test_next_and_back_go_one_step_at_a_time(qtbot, data_dir):
    window = make_window(qtbot)
    open_from_menu(window, FIRST_WORDS)
    pane = window.lesson_pane
    click(qtbot, pane.next_button)
    assert pane.step_title.text() == "A calculator" and pane.counter.text() == "Step 2 of 7"
    assert "Logo" not in page_text(window)
    for _ in range(10):
        if pane.next_button.isEnabled():
            click(qtbot, pane.next_button)
    assert pane.step_title.text() == "On a real Uno" and not pane.next_button.isEnabled()
    assert buttons(window, "try_button") == []  # the last page has no code
    click(qtbot, pane.back_button)
    assert pane.step_title.text() == "Your first program"
    assert len(buttons(window, "try_button")) == 1


def test_each_snek_block_has_try_it_and_copy(qtbot, data_dir):
    window = make_window(qtbot)
    open_from_menu(window, LINE_BUG)
    pane = window.lesson_pane
    click(qtbot, pane.next_button)
    click(qtbot, pane.next_button)
    views = [v for v in pane.findChildren(CodeView) if v.isVisible()]
    assert len(views) == 1 and views[0].block.forever
    assert "line_bug()" in views[0].code.toPlainText()
    assert pane.findChild(type(pane.title), "forever_note").text().startswith("This one keeps")
    assert "Goal: Drive the robot at least 200 cm." in pane.check_label.text()


def test_a_lesson_given_on_the_command_line_opens(qtbot, data_dir):
    window = make_window(qtbot, files=[LINE_BUG])
    assert window.lesson_pane.isVisible()
    assert window.lesson_pane.title.text() == "The line bug"
    assert window.tabs.count() == 1  # the lesson did not open as a program


def test_lesson_text_in_labels_is_never_html(qtbot, data_dir, tmp_path):
    path = tmp_path / "<b>bold<b>.md"
    path.write_text("---\ntitle: <i>Sneaky</i>\nboard: uno\nauthor: <u>me</u>\n---\n"
                    "## <b>Step</b>\nText\n")
    window = make_window(qtbot)
    open_from_menu(window, path)
    pane = window.lesson_pane
    assert pane.title.text() == "<i>Sneaky</i>"
    assert pane.title.textFormat() == Qt.TextFormat.PlainText
    assert pane.about.textFormat() == Qt.TextFormat.PlainText
    assert "&lt;b&gt;Step&lt;/b&gt;" in pane.step_title.text()
    assert window.message.textFormat() == Qt.TextFormat.PlainText


def test_close_hides_the_pane(qtbot, data_dir):
    window = make_window(qtbot)
    open_from_menu(window, FIRST_WORDS)
    qtbot.mouseClick(window.lesson_pane.close_button, LEFT)
    assert not window.lesson_pane.isVisible()
    assert not window.share_lesson_action.isEnabled()


# -- Try it, Copy to my program, checks ------------------------------------------------------

def test_try_it_runs_the_block_and_the_check_turns_green(qtbot, connected):
    window = connected
    open_from_menu(window, FIRST_WORDS)
    pane = window.lesson_pane
    assert "Check: the REPL shows" in pane.check_label.text()
    assert "✓" not in pane.step_title.text()
    (try_it,) = buttons(window, "try_button")
    click(qtbot, try_it)
    wait_repl(qtbot, window, "Hello, robot!")
    assert 'print("Hello, robot!")' in repl_text(window)  # shown as if typed
    qtbot.waitUntil(lambda: "✓" in pane.step_title.text(), timeout=WAIT)
    assert pane.check_label.text().startswith("✓ Well done!")


def test_typing_the_answer_yourself_meets_the_check_too(qtbot, connected):
    window = connected
    open_from_menu(window, FIRST_WORDS)
    click(qtbot, window.lesson_pane.next_button)  # "A calculator": the REPL shows 5
    type_in_repl(qtbot, window, "2 + 2")
    wait_repl(qtbot, window, "4")
    assert "✓" not in window.lesson_pane.step_title.text()
    type_in_repl(qtbot, window, "10 - 5")
    qtbot.waitUntil(lambda: "✓" in window.lesson_pane.step_title.text(), timeout=WAIT)


def test_output_from_before_the_step_does_not_count(qtbot, connected):
    window = connected
    type_in_repl(qtbot, window, "print('Hello, robot!')")
    wait_repl(qtbot, window, "Hello, robot!")
    open_from_menu(window, FIRST_WORDS)
    assert "✓" not in window.lesson_pane.step_title.text()


def test_try_it_runs_a_multi_statement_block_and_keeps_what_you_typed(qtbot, connected):
    window = connected
    open_from_menu(window, lessons_folder() / "04-functions.md")
    pane = window.lesson_pane
    for _ in range(3):
        click(qtbot, pane.next_button)
    assert pane.step_title.text() == "Functions that answer"
    control = window.repl
    control.setFocus()
    qtbot.keyClicks(control, "half_typed = 1")
    (try_it,) = buttons(window, "try_button")
    click(qtbot, try_it)
    wait_repl(qtbot, window, "20")
    assert "42" in repl_text(window)
    qtbot.waitUntil(lambda: "✓" in pane.step_title.text(), timeout=WAIT)
    assert window.repl.input_text() == "half_typed = 1"


def test_try_it_when_not_connected_says_so(qtbot, data_dir):
    window = make_window(qtbot)
    open_from_menu(window, FIRST_WORDS)
    (try_it,) = buttons(window, "try_button")
    click(qtbot, try_it)
    assert NOT_CONNECTED in repl_text(window)
    assert 'print("Hello, robot!")' in repl_text(window)


def test_copy_to_my_program_adds_to_the_end_and_undoes_in_one_step(qtbot, data_dir):
    window = make_window(qtbot)
    editor = window.editor()
    editor.set_text("# my robot\nx = 1")
    open_from_menu(window, FIRST_WORDS)
    pane = window.lesson_pane
    for _ in range(5):
        click(qtbot, pane.next_button)
    (copy,) = buttons(window, "copy_button")
    click(qtbot, copy)
    assert editor.text() == ('# my robot\nx = 1\n\nprint("Hello, I am a robot.")\n'
                             'print("Two and two make", 2 + 2)\n')
    assert editor.hasFocus()
    editor.undo()
    assert editor.text() == "# my robot\nx = 1"


def test_copy_into_an_empty_program(qtbot, data_dir):
    window = make_window(qtbot)
    open_from_menu(window, FIRST_WORDS)
    (copy,) = buttons(window, "copy_button")
    click(qtbot, copy)
    click(qtbot, copy)
    assert window.editor().text() == 'print("Hello, robot!")\n\nprint("Hello, robot!")\n'


def test_a_robot_goal_is_met_by_the_simulated_robot(qtbot, data_dir):
    window = make_window(qtbot)
    open_from_menu(window, LINE_BUG)
    pane = window.lesson_pane
    click(qtbot, pane.next_button)
    click(qtbot, pane.next_button)
    for i in range(30):
        pane.robot_moved(RobotSample(i / 10, i * 5.0, 0.0, 0.0))
        assert "✓" not in pane.step_title.text()
    for i in range(30, 45):
        pane.robot_moved(RobotSample(i / 10, i * 5.0, 0.0, 0.0))
    assert "✓" in pane.step_title.text()


# -- progress --------------------------------------------------------------------------------

def test_progress_is_kept_for_next_time(qtbot, connected, data_dir):
    window = connected
    open_from_menu(window, FIRST_WORDS)
    pane = window.lesson_pane
    click(qtbot, buttons(window, "try_button")[0])
    qtbot.waitUntil(lambda: "✓" in pane.step_title.text(), timeout=WAIT)
    click(qtbot, pane.next_button)
    click(qtbot, pane.next_button)
    again = make_window(qtbot)
    open_from_menu(again, FIRST_WORDS)
    assert again.lesson_pane.counter.text() == "Step 3 of 7"
    click(qtbot, again.lesson_pane.back_button)
    click(qtbot, again.lesson_pane.back_button)
    assert "✓" in again.lesson_pane.step_title.text()
    assert list((data_dir / "lessons").glob("*.json"))


def test_progress_that_cannot_be_saved_is_said_and_the_lesson_goes_on(qtbot, data_dir):
    window = make_window(qtbot)
    (data_dir / "lessons").write_text("a file where the folder should be")
    open_from_menu(window, FIRST_WORDS)
    click(qtbot, window.lesson_pane.next_button)
    assert window.lesson_pane.counter.text() == "Step 2 of 7"
    assert window.lesson_pane.notice.text().startswith("Could not save how far you got")


# -- refusing and sharing --------------------------------------------------------------------

def test_a_hostile_lesson_is_refused_in_the_pane_and_nothing_is_written(qtbot, data_dir,
                                                                        tmp_path):
    window = make_window(qtbot)
    folder = tmp_path / "downloads"
    folder.mkdir()
    bad = folder / "evil.sneklesson"
    with zipfile.ZipFile(bad, "w") as archive:
        archive.writestr("lesson.md", FIRST_WORDS.read_text())
        archive.writestr("../../escaped.txt", "gotcha")
    before = sorted(p for p in tmp_path.rglob("*") if "data" not in p.parts)
    open_from_menu(window, bad)
    pane = window.lesson_pane
    assert pane.isVisible() and pane.title.text() == "Could not open evil.sneklesson"
    assert "leaves the lesson" in pane.notice.text() and pane.notice.isVisible()
    assert buttons(window, "try_button") == [] and not pane.next_button.isEnabled()
    assert not window.share_lesson_action.isEnabled()
    assert sorted(p for p in tmp_path.rglob("*") if "data" not in p.parts) == before


def test_share_lesson_writes_one_file_that_opens(qtbot, data_dir, tmp_path):
    window = make_window(qtbot)
    open_from_menu(window, LINE_BUG)
    assert window.share_lesson_action.isEnabled()
    window.ask_share_path = lambda name: tmp_path / name  # type: ignore[method-assign]
    window.share_lesson_action.trigger()
    shared = tmp_path / "08-line-bug.sneklesson"
    assert window.message.text().startswith("Saved 08-line-bug.sneklesson")
    with zipfile.ZipFile(shared) as archive:
        assert set(archive.namelist()) == {"lesson.md", "pictures/robot-wiring.svg",
                                           "pictures/line-bug-turns.svg"}
    other = make_window(qtbot)
    open_from_menu(other, shared)
    assert other.lesson_pane.title.text() == "The line bug"


def test_share_to_a_folder_that_cannot_be_written_says_so(qtbot, data_dir, tmp_path):
    window = make_window(qtbot)
    open_from_menu(window, LINE_BUG)
    window.ask_share_path = lambda name: tmp_path / "nowhere" / name  # type: ignore[method-assign]
    window.share_lesson_action.trigger()
    assert window.message.text().startswith("Could not save 08-line-bug.sneklesson")


# -- sanitized pictures ----------------------------------------------------------------------

def test_pictures_come_only_from_the_lesson(qtbot, data_dir, tmp_path, monkeypatch):
    window = make_window(qtbot)
    open_from_menu(window, LINE_BUG)
    view = window.lesson_pane.findChildren(ProseView)[0]
    image = QTextDocument.ResourceType.ImageResource.value
    picture = view.loadResource(image, QUrl("pictures/robot-wiring.svg"))
    assert picture is not None and not picture.isNull() and picture.width() <= 420
    (tmp_path / "secret.png").write_bytes((lessons_folder() / "pictures" /
                                           "robot-wiring.svg").read_bytes())
    monkeypatch.chdir(tmp_path)
    assert view.loadResource(image, QUrl("secret.png")) is None
    assert view.loadResource(image, QUrl(f"file://{tmp_path}/secret.png")) is None
    assert view.loadResource(image, QUrl("https://example.com/x.png")) is None
    style = QTextDocument.ResourceType.StyleSheetResource.value
    assert view.loadResource(style, QUrl("pictures/robot-wiring.svg")) is None


def test_the_picture_is_shown(qtbot, data_dir):
    window = make_window(qtbot)
    open_from_menu(window, LINE_BUG)
    view = window.lesson_pane.findChildren(ProseView)[0]
    assert "<img" in view.source_html
    document = view.document()
    qtbot.waitUntil(lambda: document.size().height() > 200, timeout=WAIT)  # room for the picture
    assert view.height() >= document.size().height()
