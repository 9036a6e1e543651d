# SPDX-License-Identifier: GPL-3.0-or-later
"""The main window, driven as a student drives it: typing, clicking, waiting for what shows."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtCore import Qt

from snekide.connection import Connection
from snekide.device.exceptions import DeviceError
from snekide.device.usb import SIMULATOR, DeviceChoice
from snekide.editor import CodeEditor
from snekide.main_window import MainWindow
from .drive_ide import type_text

ROOT = Path(__file__).resolve().parents[2]
WAIT = 15_000  # ms; generous, only reached when something is broken
LEFT = Qt.MouseButton.LeftButton


# -- helpers -----------------------------------------------------------------

@pytest.fixture(scope="session")
def firmware() -> Path:
    """The simulator (host build of the firmware), built once."""
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)
    return ROOT / "firmware" / "build" / "posix" / "snek"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SNEKIDE_DATA_DIR", str(folder))
    return folder


class Questions:
    """Stands in for the yes/no dialogs: records each question, answers as told."""

    def __init__(self, answer: bool = True) -> None:
        self.answer = answer
        self.asked: list[str] = []

    def __call__(self, title: str, text: str) -> bool:
        self.asked.append(title)
        return self.answer


def make_window(qtbot: Any, **kwargs: Any) -> MainWindow:
    kwargs.setdefault("list_devices", lambda: [SIMULATOR])
    window = MainWindow(**kwargs)
    window.confirm = Questions()  # type: ignore[method-assign]
    qtbot.addWidget(window, before_close_func=_answer_yes)
    with qtbot.waitExposed(window):
        window.show()
    return window


def _answer_yes(window: MainWindow) -> None:
    window.confirm = Questions(True)  # type: ignore[method-assign]


@pytest.fixture
def window(qtbot: Any, data_dir: Path, firmware: Path) -> Iterator[MainWindow]:
    """The IDE on the real simulator, connected by clicking Connect."""
    window = make_window(qtbot)
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    yield window


def click(qtbot: Any, window: MainWindow, name: str) -> None:
    """Click a button once it can be clicked (Put waits while Connect finishes)."""
    button = window.button(name)
    qtbot.waitUntil(button.isEnabled, timeout=WAIT)
    qtbot.mouseClick(button, LEFT)


def wait_connected(qtbot: Any, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: window.board_status.text().startswith("Connected"), timeout=WAIT)


def repl_text(window: MainWindow) -> str:
    return window.repl.toPlainText()


def type_in_repl(qtbot: Any, window: MainWindow, *lines: str, wait: bool = True) -> None:
    """Type lines into the REPL, pressing Enter after each (auto-indent is the REPL's).
    With wait, each line is typed once the robot's prompt shows, as a student would."""
    control = window.repl
    control.setFocus()
    for line in lines:
        if wait:
            qtbot.waitUntil(lambda: control.ready, timeout=WAIT)
        if line:
            qtbot.keyClicks(control, line)
        qtbot.keyClick(control, Qt.Key.Key_Return)


def type_in_editor(qtbot: Any, editor: CodeEditor, text: str) -> None:
    """Type a program as written (see drive_ide.type_text)."""
    type_text(editor, text)


def wait_repl(qtbot: Any, window: MainWindow, text: str, after: int = 0) -> None:
    """Wait until text shows in the REPL (past the first `after` characters)."""
    try:
        qtbot.waitUntil(lambda: text in repl_text(window)[after:], timeout=WAIT)
    except qtbot.TimeoutError:
        pytest.fail(f"{text!r} did not show; the REPL shows:\n{repl_text(window)}")


def simulator_pids() -> list[int]:
    """Simulator processes started by this test process."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            exe = os.readlink(entry / "exe")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == os.getpid() and Path(exe).name == "snek":
            pids.append(int(entry.name))
    return pids


# -- the REPL on the simulator -----------------------------------------------

def test_print_in_the_repl(qtbot, window):
    type_in_repl(qtbot, window, "print(6*7)")
    wait_repl(qtbot, window, "42")
    assert "print(6*7)" in repl_text(window)


def test_two_line_def_and_call(qtbot, window):
    type_in_repl(qtbot, window, "def double(x):", "return x * 2", "")
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "print(double(21) + 100)")
    wait_repl(qtbot, window, "142", start)


def test_error_in_the_repl_is_explained(qtbot, window):
    editor = window.editor()
    type_in_editor(qtbot, editor, "a = 1\nb = 2\nc = 3")
    editor.show_line(1, error=False)
    type_in_repl(qtbot, window, "print(nothing_here)")
    wait_repl(qtbot, window, "Error: undefined: nothing_here\n"
                             "Snek does not know the name 'nothing_here'.")
    assert "<stdin>" not in repl_text(window)
    assert editor.error_line() is None  # a REPL line's error does not move the editor


def start_endless_loop(qtbot: Any, window: MainWindow) -> None:
    """Run `while True: pass` and wait until it is surely running."""
    type_in_repl(qtbot, window, "def spin():", "print('spinning')", "while True:", "pass", "")
    type_in_repl(qtbot, window, "spin()")
    wait_repl(qtbot, window, "spinning")


def test_stop_ends_an_endless_loop(qtbot, window):
    start_endless_loop(qtbot, window)
    click(qtbot, window, "Stop")
    qtbot.waitUntil(lambda: window.message.text() == "Stopped.", timeout=WAIT)
    assert "^C" in repl_text(window)
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "print(5*5)")
    wait_repl(qtbot, window, "25", start)
    assert window.board_status.text().startswith("Connected")


def test_ctrl_c_in_the_repl_stops_too(qtbot, window):
    start_endless_loop(qtbot, window)
    qtbot.keyClick(window.repl, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.message.text() == "Stopped.", timeout=WAIT)
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "print(3*3)")
    wait_repl(qtbot, window, "9", start)


def test_reset_restarts_the_board(qtbot, window):
    type_in_repl(qtbot, window, "secret = 7")
    click(qtbot, window, "Reset")
    qtbot.waitUntil(lambda: window.message.text() == "The robot restarted.", timeout=WAIT)
    assert repl_text(window).count("Welcome to Snek") == 2
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "print(secret)")  # a fresh start forgot it
    wait_repl(qtbot, window, "undefined", start)


def test_zoom_applies_to_every_editor_and_the_repl(qtbot, data_dir):
    window = make_window(qtbot)
    first = window.editor()
    second = window.tabs.add_buffer("x = 1\n")
    before = window.repl.font().pointSize()
    qtbot.keyClick(second, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert first.font_size() == second.font_size() == window.tabs.font_size
    assert window.repl.font().pointSize() == second.font_size() != before


# -- Put and Get -------------------------------------------------------------

PROGRAM = "def greet(n):\n    print('hello', n)\ngreet(42)\n"


def test_put_verifies_then_get_opens_a_new_tab(qtbot, window, data_dir):
    editor = window.editor()
    type_in_editor(qtbot, editor, PROGRAM)
    assert editor.text() == PROGRAM
    click(qtbot, window, "Put")
    qtbot.waitUntil(lambda: "same as this one" in window.program_status.text(), timeout=WAIT)
    assert window.message.text() == "The robot now has your program."
    wait_repl(qtbot, window, "hello 42")  # the robot restarted and ran it
    copies = list((data_dir / "history").glob("*.py"))
    assert [c.read_text() for c in copies] == [PROGRAM]

    editor.moveCursor(editor.textCursor().MoveOperation.Start)
    qtbot.keyClicks(editor, "# more")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert "changed since Put" in window.program_status.text()

    click(qtbot, window, "Get")
    qtbot.waitUntil(lambda: window.tabs.count() == 2, timeout=WAIT)
    got = window.editor()
    assert got is not editor
    assert got.text() == PROGRAM
    assert editor.text() == "# more\n" + PROGRAM  # the old text stays in its tab
    assert "From the robot" in window.tabs.tabText(window.tabs.currentIndex())
    assert "same as this one" in window.program_status.text()
    snapshots = list((data_dir / "snapshots").glob("*.py"))
    assert [s.read_text() for s in snapshots] == ["# more\n" + PROGRAM]


def test_error_in_a_put_program_jumps_to_its_line(qtbot, window):
    editor = window.editor()
    editor.set_text("x = 1\ny = 2\nprint(x + nobody)\nz = 3\n", modified=True)
    editor.show_line(1, error=False)
    click(qtbot, window, "Put")
    qtbot.waitUntil(lambda: editor.error_line() == 3, timeout=WAIT)
    assert editor.textCursor().blockNumber() == 2
    wait_repl(qtbot, window, "undefined")


def test_put_shows_a_program_too_big(qtbot, window):
    window.editor().set_text("x = 'a'\n" * 300, modified=True)
    click(qtbot, window, "Put")
    qtbot.waitUntil(lambda: "too big" in window.message.text().lower()
                    or "room" in window.message.text().lower(), timeout=WAIT)
    assert "same as this one" not in window.program_status.text()


# -- the simulator going away ------------------------------------------------

def test_killed_simulator_then_connect_again(qtbot, window):
    pids = simulator_pids()
    assert len(pids) == 1
    os.kill(pids[0], signal.SIGKILL)
    qtbot.waitUntil(lambda: window.board_status.text() == "Not connected", timeout=WAIT)
    assert "simulator stopped" in window.message.text().lower()
    assert "simulator stopped" in repl_text(window).lower()
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    start = len(repl_text(window))
    type_in_repl(qtbot, window, "print(7*6)")
    wait_repl(qtbot, window, "42", start)


def test_typing_with_no_board_says_what_to_do(qtbot, data_dir):
    window = make_window(qtbot)
    type_in_repl(qtbot, window, "print(1)", wait=False)
    wait_repl(qtbot, window, "No robot is connected. Press Connect.")
    assert "(not sent) print(1)" in repl_text(window)
    click(qtbot, window, "Put")
    assert window.message.text() == "No robot is connected. Press Connect."


# -- a board that is slow or fails (fake, to control timing) -----------------

class FakeBoard:
    """Acts like device.board.Board; put() waits until the test lets it go."""

    def __init__(self) -> None:
        self.on_output: Callable[[str], None] | None = None
        self.on_prompt: Callable[[bool], None] | None = None
        self.on_line_sent: Callable[[object, int | None, bool], None] | None = None
        self.on_lines_dropped: Callable[[list[object]], None] | None = None
        self.on_disconnect: Callable[[str], None] | None = None
        self.release = threading.Event()
        self.put_started = threading.Event()
        self.stored = ""
        self.closed = False

    def start(self) -> None:
        assert self.on_output is not None and self.on_prompt is not None
        self.on_output("Welcome to Snek 0.1.0\n")
        self.on_prompt(True)

    def close(self) -> None:
        self.closed = True
        self.release.set()

    def run_line(self, text: str, tag: object = None, **_options: object) -> None:
        self.run_lines([(text, tag)])

    def run_lines(self, lines: list[tuple[str, object]], finish: bool = True) -> None:
        assert self.on_output is not None and self.on_prompt is not None
        assert self.on_line_sent is not None
        for text, tag in lines:
            self.on_line_sent(tag, None, True)
            self.on_output(f"ran {text}\n")
            self.on_prompt(True)

    def stop(self, quiet: bool = False) -> None:
        self.release.set()

    def cancel(self) -> None:
        self.release.set()

    def put(self, program: str, progress: Callable[[int, int], None] | None = None) -> Any:
        from snekide.device.board import PutResult

        self.put_started.set()
        if progress is not None:
            progress(1, 4)
        if not self.release.wait(30):
            raise DeviceError("timed out")
        if self.closed:
            raise DeviceError("The robot is not connected any more.")
        self.stored = program
        return PutResult(True, "The robot now has your program.", program)

    def get(self) -> str:
        raise DeviceError("The robot did not send back its program. Check the cable and press Connect.")

    def reset(self) -> bool:
        return True


@pytest.fixture
def fake(qtbot, data_dir) -> tuple[MainWindow, list[FakeBoard]]:
    boards: list[FakeBoard] = []

    def factory(choice: DeviceChoice) -> FakeBoard:
        boards.append(FakeBoard())
        return boards[-1]

    window = make_window(qtbot, connection=Connection(factory))
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    return window, boards


def test_window_keeps_working_during_a_slow_put(qtbot, fake):
    window, boards = fake
    window.editor().set_text("on()\n", modified=True)
    click(qtbot, window, "Put")
    qtbot.waitUntil(boards[0].put_started.is_set, timeout=WAIT)
    qtbot.waitUntil(lambda: window.progress.isVisible() and window.progress.value() == 1,
                    timeout=WAIT)
    assert not window.button("Put").isEnabled()
    qtbot.keyClicks(window.editor(), "# still typing ")  # the window answers meanwhile
    assert window.editor().text().startswith("# still typing ")
    boards[0].release.set()
    qtbot.waitUntil(lambda: window.message.text() == "The robot now has your program.",
                    timeout=WAIT)
    assert not window.progress.isVisible()
    assert window.button("Put").isEnabled()
    assert "changed since Put" in window.program_status.text()


def test_failed_get_says_why_and_keeps_the_editor(qtbot, fake):
    window, _ = fake
    window.editor().set_text("keep me\n", modified=True)
    click(qtbot, window, "Get")
    qtbot.waitUntil(lambda: "did not send back" in window.message.text(), timeout=WAIT)
    assert "did not send back" in repl_text(window)
    assert window.tabs.count() == 1
    assert window.editor().text() == "keep me\n"


def test_disconnect_message_and_reconnect(qtbot, fake):
    window, boards = fake
    boards[0].on_disconnect("The robot is not connected any more. Check the cable and press Connect.")
    qtbot.waitUntil(lambda: window.board_status.text() == "Not connected", timeout=WAIT)
    assert "Check the cable" in repl_text(window)
    qtbot.waitUntil(lambda: boards[0].closed, timeout=WAIT)
    click(qtbot, window, "Connect")
    wait_connected(qtbot, window)
    assert len(boards) == 2
    type_in_repl(qtbot, window, "1+1")
    wait_repl(qtbot, window, "ran 1+1")


def test_generic_usb_adapter_asks_first(qtbot, data_dir):
    adapter = DeviceChoice("USB serial adapter (CH340): maybe a robot (/dev/ttyUSB0)", "serial",
                           "/dev/ttyUSB0", None, True, True)
    window = make_window(qtbot, list_devices=lambda: [SIMULATOR, adapter],
                         connection=Connection(lambda choice: FakeBoard()))
    window.choose_device = lambda choices: choices[1]  # type: ignore[method-assign]
    window.confirm = Questions(False)  # type: ignore[method-assign]
    click(qtbot, window, "Connect")
    assert window.confirm.asked == ["Is this your robot?"]
    assert window.board_status.text() == "Not connected"


# -- files and nothing lost --------------------------------------------------

def test_new_open_save(qtbot, data_dir, tmp_path):
    window = make_window(qtbot)
    program = tmp_path / "robot.py"
    program.write_text("talkto(M1)\non()\n")
    window.ask_open_path = lambda: program  # type: ignore[method-assign]
    click(qtbot, window, "Open")
    assert window.tabs.count() == 1  # the empty new tab made room
    editor = window.editor()
    assert editor.text() == "talkto(M1)\non()\n"
    assert window.tabs.tabText(0) == "robot.py"
    editor.moveCursor(editor.textCursor().MoveOperation.End)
    qtbot.keyClicks(editor, "off()")
    assert window.tabs.tabText(0) == "robot.py •"
    click(qtbot, window, "Save")
    assert program.read_text() == "talkto(M1)\non()\noff()"
    assert window.tabs.tabText(0) == "robot.py"

    click(qtbot, window, "New")
    assert window.tabs.count() == 2
    qtbot.keyClicks(window.editor(), "print(1)")
    saved = tmp_path / "new.py"
    window.ask_save_path = lambda suggestion: saved  # type: ignore[method-assign]
    with qtbot.waitActive(window):
        window.activateWindow()
    qtbot.keyClick(window.editor(), Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert saved.read_text() == "print(1)"
    assert window.tabs.tabText(1) == "new.py"


def test_closing_unsaved_work_asks_and_keeps_a_copy(qtbot, data_dir):
    window = make_window(qtbot)
    qtbot.keyClicks(window.editor(), "precious()")
    window.confirm = Questions(False)  # type: ignore[method-assign]
    window.tabs.tabCloseRequested.emit(0)
    assert window.confirm.asked == ["Close without saving?"]
    assert window.editor().text() == "precious()"
    window.confirm = Questions(True)  # type: ignore[method-assign]
    window.tabs.tabCloseRequested.emit(0)
    assert window.editor().text() == ""
    assert [p.read_text() for p in (data_dir / "snapshots").glob("*.py")] == ["precious()"]


def test_quitting_with_unsaved_work_keeps_it_for_next_time(qtbot, data_dir):
    window = make_window(qtbot)
    qtbot.keyClicks(window.editor(), "unsaved()")
    window.confirm = Questions(False)  # type: ignore[method-assign]
    window.close()
    assert not window.isVisible()
    assert window.confirm.asked == []  # nothing is lost, so nothing to ask
    again = make_window(qtbot)
    assert [e.text() for e in again.tabs.editors()] == ["unsaved()"]


def test_journal_written_every_few_seconds(qtbot, data_dir):
    window = make_window(qtbot)
    qtbot.keyClicks(window.editor(), "talkto(M2)")
    journal = window.journal.session
    qtbot.waitUntil(lambda: any("talkto(M2)" in p.read_text()
                                for p in journal.glob("*.json") if p.name != "owner.json"),
                    timeout=5000)


def test_clean_close_reopens_the_saved_files_next_time(qtbot, data_dir, tmp_path):
    window = make_window(qtbot)
    program = tmp_path / "p.py"
    program.write_text("x = 1\n")
    window.open_program(program)
    session = window.journal.session
    assert session.is_dir()
    window.close()
    again = make_window(qtbot)
    assert not session.exists()  # taken over by the new window
    assert [(e.text(), e.path) for e in again.tabs.editors()] == [("x = 1\n", program)]


def test_restore_after_a_crash_in_this_process(qtbot, data_dir):
    first = make_window(qtbot)
    qtbot.keyClicks(first.editor(), "lost = False")
    first.tabs.journal_changes()
    # Pretend the first IDE died: its session now belongs to a finished process.
    owner = first.journal.session / "owner.json"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    owner.write_text(owner.read_text().replace(str(os.getpid()), str(dead.pid)))
    second = make_window(qtbot)
    assert [e.text() for e in second.tabs.editors()] == ["lost = False"]
    assert "Welcome back" in second.message.text()
    assert "•" in second.tabs.tabText(0)


def test_killed_ide_restores_unsaved_text_at_next_start(qtbot, data_dir):
    """Kill -9 the IDE (its own process) with unsaved text; the next start brings it back."""
    text = "talkto(M1)\nonfor(2)"
    env = dict(os.environ, SNEKIDE_DATA_DIR=str(data_dir), QT_QPA_PLATFORM="offscreen")
    ide = subprocess.Popen([sys.executable, str(Path(__file__).with_name("drive_ide.py")),
                            "type", text], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        def journaled() -> bool:
            return any("onfor(2)" in entry.read_text(errors="replace")
                       for entry in (data_dir / "journal").glob("session-*/*.json"))

        qtbot.waitUntil(lambda: ide.poll() is not None or journaled(), timeout=WAIT)
        assert ide.poll() is None, ide.communicate()
    finally:
        ide.kill()
        out, err = ide.communicate(timeout=30)
    assert out.strip() == "typed", err
    window = make_window(qtbot)
    assert [editor.text() for editor in window.tabs.editors()] == [text]
    assert window.tabs.tabText(0) == "New program •"
    assert "Welcome back" in window.message.text()
    # Closing with the text still unsaved keeps it for the next start, without asking.
    window.confirm = Questions(True)  # type: ignore[method-assign]
    window.close()
    assert window.confirm.asked == []
    again = make_window(qtbot)
    assert [editor.text() for editor in again.tabs.editors()] == [text]


def test_a_robot_that_disconnects_is_looked_for_again(qtbot, window):
    """After an unplug or a reset, the window's connection looks for the
    robot again by its serial number (the simulator is simply restarted by
    Connect); the REPL pane is kept."""
    assert window.connection.auto_reconnect is True
