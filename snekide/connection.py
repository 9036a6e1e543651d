# SPDX-License-Identifier: GPL-3.0-or-later
"""The connected board (robot or simulator): its lifecycle and calls, as Qt signals and jobs."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from PyQt6.QtCore import QObject, pyqtSignal

from snekide import settings
from snekide.device.protocol import BANNER
from snekide.device.statements import lines_to_type
from snekide.error_report import ErrorLines, ErrorReader, ErrorReport, StoredProgram
from snekide.source_map import Program, SourceMap
from snekide.device.side_channel import SideChannel
from snekide.worker import BoardSignals, Job, Worker

NOT_CONNECTED = "No robot is connected. Press Connect."
NOTHING_TO_RUN = "There is nothing to run yet: write a program first."


@dataclass(eq=False)
class TypedLine:
    """A line the student typed at the REPL, on its way to the board."""
    text: str


@dataclass(frozen=True, eq=False)
class ProgramLine:
    """Line `number` of a program sent by Run."""
    origin: Program
    number: int
    text: str


class BoardLike(Protocol):
    """The part of device.board.Board the IDE uses."""

    on_output: Callable[[str], None]
    on_prompt: Callable[[bool], None]
    on_line_sent: Callable[[object, int | None, bool], None]
    on_lines_dropped: Callable[[list[object]], None]
    on_disconnect: Callable[[str], None]

    def start(self, safe: bool = False) -> None: ...
    def close(self) -> None: ...
    def run_line(self, text: str, tag: object = None, *, finish: bool | None = None,
                 answer: bool = False) -> None: ...
    def run_lines(self, lines: Sequence[tuple[str, object]], finish: bool = True) -> None: ...
    def stop(self, timeout: float = 3, quiet: bool = False) -> None: ...
    def cancel(self) -> None: ...
    def put(self, program: str, progress: Callable[..., None] | None = None) -> Any: ...
    def get(self) -> str: ...
    def reset(self) -> None: ...


def make_board(choice: Any, side_channel: SideChannel | None = None,
               simulator_args: Sequence[str] = ()) -> BoardLike:
    """A Board for a device.usb.DeviceChoice: the simulator (reporting its pins on
    side_channel, if given, started with simulator_args too) or a serial port."""
    from snekide.device import transport
    from snekide.device.board import Board
    from snekide.device.side_channel import SimulatorWithChannel

    if choice.kind == "simulator":
        board_name = getattr(choice, "board", "") or "snekboard"
        firmware = transport.find_simulator_firmware()
        eeprom = settings.simulator_eeprom(board_name)
        if side_channel is not None:
            pipe: Any = SimulatorWithChannel(firmware, eeprom, board_name, side_channel,
                                             extra_args=simulator_args)
        else:
            pipe = transport.SimulatorTransport(firmware, eeprom, board_name,
                                                extra_args=simulator_args)
    else:
        pipe = _board_port(choice, choice.port)
    board: BoardLike = Board(pipe, needs_pacing=choice.needs_pacing)
    return board


def make_board_again(choice: Any, side_channel: SideChannel | None = None,
                     simulator_args: Sequence[str] = ()) -> BoardLike:
    """A Board for the same robot after an unplug or a reset: found again by its USB serial
    number (or at its old port), with a few tries over some seconds."""
    if choice.kind == "simulator":
        return make_board(choice, side_channel, simulator_args)
    from snekide.device.board import Board
    from snekide.device.realboard import open_again

    pipe = open_again(getattr(choice, "serial_number", None), choice.port,
                      lambda port: _board_port(choice, port))
    board: BoardLike = Board(pipe, needs_pacing=choice.needs_pacing)
    return board


def _board_port(choice: Any, port: str) -> Any:
    """The transport of a real board: plain open errors, the banner after a reset, autobaud."""
    from snekide.device.realboard import BoardPort

    return BoardPort(port, resets_on_open=getattr(choice, "resets_on_open", choice.needs_pacing),
                     serial_number=getattr(choice, "serial_number", None))


def board_name(choice: Any) -> str:
    """The firmware's name for the kind of board chosen (its built-in and pin names differ)."""
    name = str(getattr(choice, "board", "") or getattr(choice, "label", "")).lower()
    return "uno" if "uno" in name or "duemilanove" in name else "snekboard"


def _similar_builtins(board: str) -> Callable[[str], tuple[str, ...]]:
    from snekide.device.builtin_names import similar_builtins

    return lambda name: similar_builtins(name, board)


class Connection(QObject):
    """One board at a time. Every call runs on the worker; nothing here blocks the window."""

    output = pyqtSignal(str)  # text the board printed (error lines come as error_found)
    error_found = pyqtSignal(object)  # ErrorReport, in place of the board's error line
    prompt = pyqtSignal(bool)  # the board waits for a line: a new statement (True) or more
    line_sent = pyqtSignal(object, bool)  # a TypedLine went to the board, at `> ` if True
    lines_dropped = pyqtSignal(list)  # TypedLines that will never go (Stop, Put, Get...)
    booted = pyqtSignal()  # the board (re)started: it runs its stored program
    connecting = pyqtSignal()  # a Connect began; the new board's output may come before connected
    connected = pyqtSignal(str)  # label of the board
    disconnected = pyqtSignal(str)  # why, in plain words
    problem = pyqtSignal(str)  # a call failed, in plain words
    busy_changed = pyqtSignal(bool)

    def __init__(self, board_factory: Callable[[Any], BoardLike] = make_board,
                 parent: QObject | None = None, *,
                 reconnect_factory: Callable[[Any], BoardLike] | None = None) -> None:
        super().__init__(parent)
        #: The simulator's pins, motors and inputs, whichever simulator runs now: the board
        #: view and the robot's world read it (see snekide.device.side_channel).
        self.side_channel = SideChannel()
        #: The simulator's options for a Connect choice, beyond its side channel: the robot's
        #: world asks for --virtual-time on the board whose time it keeps (robot.live).
        self.simulator_args: Callable[[Any], Sequence[str]] = lambda choice: ()
        if reconnect_factory is None:
            reconnect_factory = make_board_again if board_factory is make_board else board_factory
        self._factory = self._with_channel(board_factory)
        self._reconnect_factory = self._with_channel(reconnect_factory)
        #: The board chosen last (for reconnect()), kept after a disconnect.
        self.last_choice: Any = None
        #: After a robot's cable is pulled or it restarts, look for it again at once.
        self.auto_reconnect = False
        self._worker = Worker()
        self._board: BoardLike | None = None
        self._signals: BoardSignals | None = None
        self._long_jobs = 0
        self.label: str | None = None
        #: What the console line numbers stand for; errors name them.
        self.source_map = SourceMap()
        self.errors = ErrorReader(self.source_map)
        self._error_lines = ErrorLines()
        #: The robot's stored program as far as the IDE knows it (the window tells).
        self.stored_program: Callable[[], StoredProgram | None] = lambda: None
        self._booting = False  # between the banner and the first prompt: the stored program runs
        self._partial = ""  # output since the last newline (for the banner)

    def _with_channel(self, factory: Callable[..., BoardLike]) -> Callable[[Any], BoardLike]:
        """The simulator started the one way: on the connection's side channel, with the
        options asked for."""
        if factory in (make_board, make_board_again):
            return lambda choice: factory(choice, self.side_channel, self.simulator_args(choice))
        return factory

    # -- state ---------------------------------------------------------------

    @property
    def is_connected(self) -> bool:
        return self._board is not None

    @property
    def busy(self) -> bool:
        """A Connect, Put, Get or Reset is under way."""
        return self._long_jobs > 0

    # -- connecting ----------------------------------------------------------

    def connect_to(self, choice: Any, *,
                   factory: Callable[[Any], BoardLike] | None = None, safe: bool = False) -> Job:
        """Close the current board (if any) and start the chosen one; with safe, without its
        stored program (Board.start)."""
        self.last_choice = choice
        old = self._detach()
        self.connecting.emit()
        signals = BoardSignals(self)
        self._signals = signals
        signals.output.connect(lambda text: self._on_output(text, signals))
        signals.prompt.connect(lambda main: self._on_prompt(main, signals))
        signals.line_sent.connect(lambda tag, number, main: self._on_line_sent(tag, number, main,
                                                                               signals))
        signals.lines_dropped.connect(lambda tags: self._on_lines_dropped(tags, signals))
        signals.disconnected.connect(lambda message: self._on_disconnect(message, signals))
        factory = factory or self._factory

        def start() -> BoardLike:
            if old is not None:
                _quietly_close(old)
            board = factory(choice)
            signals.attach(board)
            try:
                if safe:
                    board.start(safe=True)
                else:
                    board.start()
            except BaseException:
                _quietly_close(board)
                raise
            return board

        self.errors.similar_builtins = _similar_builtins(board_name(choice))
        job = self._submit("Connect", start, long=True)
        job.succeeded.connect(lambda board: self._on_started(board, signals, choice.label))
        job.failed.connect(lambda message: self._on_start_failed(signals))
        return job

    def reconnect(self) -> Job | None:
        """Connect again to the last robot (after an unplug or a reset), finding it by its USB
        serial number. Only the board object is replaced: the REPL keeps what it shows."""
        choice = self.last_choice
        if choice is None:
            self.problem.emit(NOT_CONNECTED)
            return None
        return self.connect_to(choice, factory=self._reconnect_factory)

    def start_without_program(self) -> Job | None:
        """Restart the last board without running its stored program (the simulator's safe
        start, a robot's reset caught in its boot window): a program that exits, resets or
        hangs at once cannot lock the student out."""
        choice = self.last_choice
        if choice is None:
            self.problem.emit(NOT_CONNECTED)
            return None
        return self.connect_to(choice, safe=True)

    def close(self, timeout: float = 3.0) -> None:
        """Let go of the board and the worker thread (when the window closes)."""
        self.auto_reconnect = False
        board = self._detach()
        closer = _close_in_background(board) if board is not None else None
        self._worker.shutdown(timeout)  # a call still waiting on the board ends as it closes
        if closer is not None:
            closer.join(timeout)
        self.side_channel.close()

    def _detach(self) -> BoardLike | None:
        board, self._board, self._signals, self.label = self._board, None, None, None
        self._error_lines = ErrorLines()
        self._partial = ""
        self._booting = False
        return board

    def _on_started(self, board: BoardLike, signals: BoardSignals, label: str) -> None:
        if signals is not self._signals:  # replaced by a newer Connect meanwhile
            _close_in_background(board)
            return
        self._board, self.label = board, label
        self.connected.emit(label)

    def _on_start_failed(self, signals: BoardSignals) -> None:
        if signals is self._signals:
            self._signals = None

    def _on_disconnect(self, message: str, signals: BoardSignals) -> None:
        if signals is not self._signals:
            return
        board = self._detach()
        if board is not None:
            _close_in_background(board)
        self.disconnected.emit(message)
        choice = self.last_choice
        if self.auto_reconnect and choice is not None and choice.kind != "simulator":
            self.reconnect()

    # -- output from the board -----------------------------------------------

    def _on_output(self, text: str, signals: BoardSignals) -> None:
        if signals is not self._signals:
            return
        self._watch_banner(text)
        for piece in self._error_lines.feed(text):
            if isinstance(piece, str):
                self.output.emit(piece)
            else:
                self.error_found.emit(self._report(*piece))

    def _watch_banner(self, text: str) -> None:
        """After the banner, errors name lines of the stored program, until the first prompt."""
        lines = (self._partial + text).split("\n")
        self._partial = lines.pop()
        if any(line.startswith(BANNER) for line in lines):
            self._booting = True
            self.source_map.clear()
            self.booted.emit()

    def _report(self, number: int, message: str) -> ErrorReport:
        if self._booting:
            return self.errors.program_error(number, message, self.stored_program())
        return self.errors.console_error(number, message)

    def _on_prompt(self, main: bool, signals: BoardSignals) -> None:
        if signals is not self._signals:
            return
        held = self._error_lines.flush()
        if held:
            self.output.emit(held)
        self._booting = False
        self._partial = ""
        if main:
            self.source_map.statement_done()
        self.prompt.emit(main)

    def _on_line_sent(self, tag: object, number: int | None, main: bool,
                      signals: BoardSignals) -> None:
        if signals is not self._signals:
            return
        self._booting = False
        if isinstance(tag, ProgramLine):
            self.source_map.program(number, tag.origin, tag.number, tag.text)
        elif isinstance(tag, TypedLine):
            self.source_map.typed(number, tag.text, main)
            self.line_sent.emit(tag, main)

    def _on_lines_dropped(self, tags: list[object], signals: BoardSignals) -> None:
        typed = [tag for tag in tags if isinstance(tag, TypedLine)]
        if signals is self._signals and typed:
            self.lines_dropped.emit(typed)

    # -- calls ---------------------------------------------------------------

    def type_line(self, text: str, answer: bool = False) -> TypedLine | None:
        """Send a line the student typed; it goes when the board asks for a line (at once if
        it answers a program's input()). line_sent or lines_dropped tells what became of it."""
        if self._board is None:
            self.problem.emit(NOT_CONNECTED)
            return None
        tag = TypedLine(text)
        board = self._board
        job = self._worker.submit("Type", lambda: board.run_line(text, tag, answer=answer),
                                  droppable=True)
        job.failed.connect(self.problem)
        job.failed.connect(lambda _message: self.lines_dropped.emit([tag]))
        # Dropped before it reached the board (Stop goes first): never sent either.
        job.finished.connect(lambda: job.cancelled and self.lines_dropped.emit([tag]))
        return tag

    def type_lines(self, lines: list[str]) -> list[TypedLine]:
        """Send lines pasted at the REPL: one per prompt, the rest dropped after an error."""
        if self._board is None:
            self.problem.emit(NOT_CONNECTED)
            return []
        tags = [TypedLine(line) for line in lines]
        board = self._board
        job = self._worker.submit("Type", lambda: board.run_lines(
            [(tag.text, tag) for tag in tags], finish=False), droppable=True)
        job.failed.connect(self.problem)
        job.failed.connect(lambda _message: self.lines_dropped.emit(tags))
        job.finished.connect(lambda: job.cancelled and self.lines_dropped.emit(tags))
        return tags

    def cancel(self) -> Job | None:
        """Forget a half-typed statement (^C at the `+ ` prompt); nothing else stops."""
        return self._call("Cancel", "cancel")

    def run_program(self, text: str, name: str, buffer_id: str | None = None) -> Job | None:
        """Run: stop what runs, then type the program at the board's REPL line by line
        (nothing is stored); its errors name the program's lines."""
        if self._board is None:
            self.problem.emit(NOT_CONNECTED)
            return None
        origin = Program(name, buffer_id)
        lines = [(line.text, ProgramLine(origin, line.number, line.text))
                 for line in lines_to_type(text)]
        if not lines:
            self.problem.emit(NOTHING_TO_RUN)
            return None
        board = self._board

        def run() -> None:
            board.stop(quiet=True)
            board.run_lines(lines)

        # In turn, not urgent: a Stop or Cancel pressed just before must not come after it.
        job = self._worker.submit("Run", run)
        job.failed.connect(self.problem)
        return job

    def stop(self) -> Job | None:
        if self._board is None:
            self.problem.emit(NOT_CONNECTED)
            return None
        job = self._worker.submit("Stop", self._board.stop, urgent=True)
        job.failed.connect(self.problem)
        return job

    def put(self, program: str) -> Job | None:
        if self._board is None:
            self.problem.emit(NOT_CONNECTED)
            return None
        return self._submit("Put", self._board.put, program, long=True, with_progress=True)

    def get(self) -> Job | None:
        return self._call("Get", "get", long=True)

    def reset(self) -> Job | None:
        return self._call("Reset", "reset", long=True)

    def _call(self, label: str, method: str, *args: Any, long: bool = False) -> Job | None:
        if self._board is None:
            self.problem.emit(NOT_CONNECTED)
            return None
        return self._submit(label, getattr(self._board, method), *args, long=long)

    def _submit(self, label: str, call: Callable[..., Any], *args: Any, long: bool,
                with_progress: bool = False) -> Job:
        job = self._worker.submit(label, call, *args, with_progress=with_progress)
        job.failed.connect(self.problem)
        if long:
            self._long_jobs += 1
            if self._long_jobs == 1:
                self.busy_changed.emit(True)
            job.finished.connect(self._long_job_done)
        return job

    def _long_job_done(self) -> None:
        self._long_jobs -= 1
        if self._long_jobs == 0:
            self.busy_changed.emit(False)


def _quietly_close(board: BoardLike) -> None:
    try:
        board.close()
    except Exception:  # noqa: BLE001 - closing a board that is gone must not fail
        pass


def _close_in_background(board: BoardLike) -> threading.Thread:
    """Close a board on its own thread (closing waits for the board's threads)."""
    closer = threading.Thread(target=_quietly_close, args=(board,), name="snekide-close",
                              daemon=True)
    closer.start()
    return closer
