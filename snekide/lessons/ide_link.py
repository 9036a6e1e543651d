# SPDX-License-Identifier: GPL-3.0-or-later
"""What an open lesson asks of the rest of the IDE, and what it hears back.

- Its board: the simulator becomes the lesson's board when the lesson opens, and again at
  Try it if the student has switched it meanwhile (connect_choices.plan_lesson decides);
  Try it then waits for the new simulator before it types.
- Its world: the simulated robot is put in the lesson's world, at its start.
- Its goals: the robot pane's moves go to the lesson pane as RobotSamples.
"""

from __future__ import annotations

from typing import Any

from PyQt6.QtCore import QObject

from snekide import connect_choices
from snekide.lessons.checks import RobotSample
from snekide.lessons.format import Lesson
from snekide.lessons.pane import run_in_repl
from snekide.robot.simulation import Frame


def sample_of(frame: Frame) -> RobotSample:
    """The robot pane's frame as the lesson's checks take it (the same units and axes)."""
    return RobotSample(frame.t, frame.x, frame.y, frame.heading, frame.jumped)


class LessonLink(QObject):
    """Joins the window's lesson pane to its connection, Connect menu, REPL and robot pane."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.pane = window.lesson_pane
        self.robot_pane = window.robot_pane
        self.connection = window.connection
        self.connector = window.connector
        self.repl = window.repl
        self.lesson: Lesson | None = None
        #: Try it's code held while the simulator changes board; the board it waits for.
        self._held: list[str] = []
        self._switching_to: Any = None
        #: A lesson opened before anything was connected: check its board at the first Connect.
        self._check_at_connect = False
        self.pane.lesson_shown.connect(self.lesson_opened)
        self.pane.closed.connect(self._lesson_closed)
        self.pane.try_code.connect(self.try_code)
        self.robot_pane.moved.connect(lambda frame: self.pane.robot_moved(sample_of(frame)))
        self.connection.connected.connect(self._on_connected)
        self.connection.disconnected.connect(lambda _message: self._drop_held())
        self.connection.problem.connect(lambda _message: self._drop_held()
                                        if not self.connection.is_connected else None)

    # -- the lesson ------------------------------------------------------------------------

    def lesson_opened(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self._drop_held()
        if lesson.world:
            self.robot_pane.show_world(lesson.world)
        self._check_at_connect = not self.connection.is_connected
        self._follow_board()

    def _lesson_closed(self) -> None:
        self.lesson = None
        self._check_at_connect = False
        self._drop_held()

    def _follow_board(self) -> bool:
        """Switch the simulator to the lesson's board if it is another; True while it does."""
        lesson = self.lesson
        if lesson is None:
            return False
        plan = connect_choices.plan_lesson(lesson.board, self.connection.last_choice,
                                           self.connection.is_connected)
        if plan.choice is None:
            self.pane.show_notice(plan.note)
            return False
        self.pane.show_notice("")
        self._switching_to = plan.choice
        self.connector.connect_to(plan.choice, ask=False, note=plan.note)
        return True

    # -- Try it ----------------------------------------------------------------------------

    def try_code(self, code: str) -> None:
        """Run a block at the REPL, on the lesson's board."""
        if self._switching_to is not None or self._follow_board():
            self._held.append(code)
            return
        run_in_repl(self.repl, code)

    def _on_connected(self, _label: str) -> None:
        if self._check_at_connect:
            self._check_at_connect = False
            if self._follow_board():
                return
        if self._switching_to is None:
            return
        if not connect_choices.same(self.connection.last_choice, self._switching_to):
            self._drop_held()  # the student picked another board meanwhile
            return
        self._switching_to = None
        held, self._held = self._held, []
        for code in held:
            run_in_repl(self.repl, code)

    def _drop_held(self) -> None:
        self._held = []
        self._switching_to = None
