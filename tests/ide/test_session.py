# SPDX-License-Identifier: GPL-3.0-or-later
"""The tabs come back after a restart: a window closed, a new one opened on the same settings
folder, read as the student sees them (tab names, text, which tab is current)."""

from __future__ import annotations

import shutil

from PyQt6.QtCore import Qt

from snekide.journal import Entry, Journal
from snekide.session import MISSING, WELCOME_BACK, Tab, tabs_to_restore

from .test_window import (Questions, click, data_dir, firmware, make_window,  # noqa: F401
                          wait_connected)


def tab_names(window) -> list[str]:
    return [window.tabs.tabText(i) for i in range(window.tabs.count())]


def test_tabs_come_back_as_they_were(qtbot, data_dir, tmp_path):
    saved = tmp_path / "square.py"
    saved.write_text("talkto(M1)\n")
    changed = tmp_path / "blink.py"
    changed.write_text("on()\n")
    first = make_window(qtbot)
    first.ask_open_path = lambda: saved  # type: ignore[method-assign]
    click(qtbot, first, "Open")
    click(qtbot, first, "New")
    qtbot.keyClicks(first.editor(), "print('not saved')")
    first.open_program(changed)
    qtbot.keyClicks(first.editor(), "# more")
    qtbot.keyClick(first.editor(), Qt.Key.Key_Return)
    first.tabs.setCurrentIndex(1)
    assert tab_names(first) == ["square.py", "New program 2 •", "blink.py •"]
    first.close()
    assert first.confirm.asked == []
    saved.write_text("talkto(M2)\n")  # changed on disk meanwhile: the new text shows

    second = make_window(qtbot)
    assert tab_names(second) == ["square.py", "New program 2 •", "blink.py •"]
    texts = [(e.text(), e.path) for e in second.tabs.editors()]
    assert texts == [("talkto(M2)\n", saved), ("print('not saved')", None),
                     ("# more\non()\n", changed)]
    assert second.tabs.currentIndex() == 1
    assert second.message.text() == WELCOME_BACK
    # Saving the restored file writes to the same place.
    second.tabs.setCurrentIndex(2)
    second.editor().setFocus()
    qtbot.keyClick(second.editor(), Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert changed.read_text() == "# more\non()\n"
    assert tab_names(second)[2] == "blink.py"
    click(qtbot, second, "New")
    assert tab_names(second)[3] == "New program 3"


def test_welcome_back_is_still_said_once_connected(qtbot, data_dir, firmware):
    first = make_window(qtbot)
    qtbot.keyClicks(first.editor(), "talkto(M1)")
    first.close()
    second = make_window(qtbot)
    click(qtbot, second, "Connect")
    wait_connected(qtbot, second)
    assert second.message.text() == WELCOME_BACK


def test_an_empty_window_comes_back_empty(qtbot, data_dir):
    make_window(qtbot).close()
    again = make_window(qtbot)
    assert tab_names(again) == ["New program"]
    assert again.message.text() == ""


def test_a_file_gone_since_comes_back_as_unsaved_text(qtbot, data_dir, tmp_path):
    program = tmp_path / "robot.py"
    program.write_text("onfor(1)\n")
    first = make_window(qtbot)
    first.open_program(program)
    first.close()
    program.unlink()
    second = make_window(qtbot)
    assert tab_names(second) == ["robot.py •"]
    assert second.editor().text() == "onfor(1)\n" and second.editor().path is None
    assert MISSING.format(name="robot.py") in second.message.text()


def test_quitting_when_the_journal_cannot_be_written_asks_and_keeps_a_copy(qtbot, data_dir):
    window = make_window(qtbot)
    qtbot.keyClicks(window.editor(), "precious = 1")
    session = window.journal.session
    shutil.rmtree(session)
    session.write_text("not a folder")  # every journal write now fails
    window.confirm = Questions(False)  # type: ignore[method-assign]
    window.close()
    assert window.isVisible() and window.confirm.asked == ["Quit without saving?"]
    window.confirm = Questions(True)  # type: ignore[method-assign]
    window.close()
    assert not window.isVisible()
    assert [p.read_text() for p in (data_dir / "snapshots").glob("*.py")] == ["precious = 1"]


# -- the rules, without a window ------------------------------------------------------

def test_restore_rules(tmp_path):
    there = tmp_path / "there.py"
    there.write_text("new text\n")
    binary = tmp_path / "binary.py"
    binary.write_bytes(b"\xff\xfe\x00")
    entries = [
        Entry("edited\n", str(tmp_path / "edited.py"), modified=True, order=3, buffer_id="d"),
        Entry("old text\n", str(there), modified=False, order=0, buffer_id="a"),
        Entry("   \n", None, modified=True, order=1, name="New program", buffer_id="b"),
        Entry("x = 1", None, modified=True, order=2, name="New program 2", buffer_id="c"),
        Entry("kept\n", str(binary), modified=False, order=4, buffer_id="e"),
    ]
    tabs, notes = tabs_to_restore(entries)
    assert tabs == [
        Tab("new text\n", there, False, "a", None),
        Tab("x = 1", None, True, "c", "New program 2"),
        Tab("edited\n", tmp_path / "edited.py", True, "d", None),
        Tab("kept\n", None, True, "e", "binary.py"),
    ]
    assert notes == [MISSING.format(name="binary.py")]


def test_a_parked_session_is_taken_over_even_by_this_process(tmp_path):
    first = Journal(tmp_path)
    first.start()
    first.write(Entry("parked", buffer_id="p"))
    live = Journal(tmp_path)
    live.start()
    live.write(Entry("still open", buffer_id="l"))
    first.park()
    second = Journal(tmp_path)
    assert [e.text for e in second.start()] == ["parked"]  # not the live window's
    assert not first.session.exists() and live.session.exists()


def test_a_damaged_owner_file_does_not_stop_the_start(tmp_path):
    broken = tmp_path / "session-1-x"
    broken.mkdir()
    (broken / "owner.json").write_text('["not", "a", "dict"]')
    (broken / "b.json").write_text('{"text": "saved anyway", "buffer_id": "b"}')
    assert [e.text for e in Journal(tmp_path).start()] == ["saved anyway"]
