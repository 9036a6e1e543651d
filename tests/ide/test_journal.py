# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests for the autosave journal and the folders of kept copies."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from snekide.journal import Entry, Journal, process_alive
from snekide.put_history import CopyFolder


def dead_pid() -> int:
    """The id of a process that has ended."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_write_and_read_back(tmp_path):
    journal = Journal(tmp_path)
    assert journal.start() == []
    entry = Entry(text="print(1)\n", path=None, modified=True, order=0, name="New program")
    journal.write(entry)
    journal.write(Entry(text="x = 2\n", path="/tmp/a.py", modified=False, order=1))
    entries = journal.entries()
    assert [e.text for e in entries] == ["print(1)\n", "x = 2\n"]
    assert entries[0] == entry


def test_rewriting_a_buffer_replaces_it(tmp_path):
    journal = Journal(tmp_path)
    journal.start()
    entry = Entry(text="a")
    journal.write(entry)
    entry.text = "ab"
    journal.write(entry)
    assert [e.text for e in journal.entries()] == ["ab"]
    assert not list(journal.session.glob("*.tmp"))


def test_forget_removes_a_buffer(tmp_path):
    journal = Journal(tmp_path)
    journal.start()
    keep, drop = Entry(text="keep"), Entry(text="drop")
    journal.write(keep)
    journal.write(drop)
    journal.forget(drop.buffer_id)
    assert [e.text for e in journal.entries()] == ["keep"]


def test_clean_close_leaves_nothing_to_recover(tmp_path):
    first = Journal(tmp_path)
    first.start()
    first.write(Entry(text="saved work"))
    first.close()
    assert Journal(tmp_path).start() == []


def test_a_dead_session_is_recovered_in_order(tmp_path):
    crashed = Journal(tmp_path)
    crashed.start()
    crashed.write(Entry(text="second", order=1))
    crashed.write(Entry(text="first", order=0))
    owner = crashed.session / "owner.json"
    data = json.loads(owner.read_text())
    data["pid"] = dead_pid()
    owner.write_text(json.dumps(data))

    survivor = Journal(tmp_path)
    recovered = survivor.start()
    assert [e.text for e in recovered] == ["first", "second"]
    assert not crashed.session.exists()
    # The recovered buffers are journaled by the new session straight away.
    assert [e.text for e in survivor.entries()] == ["first", "second"]
    # And nobody recovers them a second time.
    assert Journal(tmp_path).start() == []


def test_a_running_session_is_left_alone(tmp_path):
    other = Journal(tmp_path)  # same process: alive
    other.start()
    other.write(Entry(text="someone else's"))
    assert Journal(tmp_path).start() == []
    assert [e.text for e in other.entries()] == ["someone else's"]


def test_damaged_entries_do_not_stop_recovery(tmp_path):
    crashed = tmp_path / "session-1-dead"
    crashed.mkdir()
    (crashed / "owner.json").write_text("{not json")
    (crashed / "bad.json").write_text("{also not json")
    (crashed / "good.json").write_text(json.dumps({"text": "rescued", "modified": True}))
    recovered = Journal(tmp_path).start()
    assert [e.text for e in recovered] == ["rescued"]
    assert recovered[0].buffer_id == "good"


def test_unicode_text_survives(tmp_path):
    journal = Journal(tmp_path)
    journal.start()
    journal.write(Entry(text="print('héllo 🐍')\n"))
    assert journal.entries()[0].text == "print('héllo 🐍')\n"


def test_process_alive():
    import os

    assert process_alive(os.getpid())
    assert not process_alive(dead_pid())
    assert not process_alive(0)


def test_copy_folder_keeps_every_copy(tmp_path):
    history = CopyFolder(tmp_path / "history")
    assert history.copies() == []
    first = history.keep("on()\n", "my robot/program?")
    second = history.keep("off()\n", "my robot/program?")
    assert first != second
    assert [p.read_text() for p in history.copies()] == ["on()\n", "off()\n"]
    assert first.name.endswith("_my-robot-program.py")
    assert first.name[:4].isdigit()  # starts with the date


def test_copy_folder_label_fallback(tmp_path):
    path = CopyFolder(tmp_path).keep("x", "???")
    assert path.name.endswith("_program.py")


def test_journal_folder_may_not_exist_yet(tmp_path):
    journal = Journal(tmp_path / "a" / "b")
    assert journal.start() == []
    assert Path(journal.session).is_dir()
