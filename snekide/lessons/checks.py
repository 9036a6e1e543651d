# SPDX-License-Identifier: GPL-3.0-or-later
"""A step's check: the output the REPL should show and the robot goals, watched as they happen."""

from __future__ import annotations

import math
from dataclasses import dataclass

from snekide.lessons.format import HOME_MIN_TRAVEL_CM, Check, Goal

#: How much REPL output a check remembers (a robot printing in a loop must not fill the memory).
MAX_SEEN_CHARS = 64_000


def _lines(text: str) -> list[str]:
    """Non-blank lines without trailing spaces: how output is compared."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [line.rstrip() for line in lines if line.strip()]


def output_shows(expected: str, seen: str) -> bool:
    """Whether the expected lines appear one after another in what the REPL showed."""
    want, have = _lines(expected), _lines(seen)
    if not want:
        return True
    return any(have[i:i + len(want)] == want for i in range(len(have) - len(want) + 1))


@dataclass(frozen=True)
class RobotSample:
    """Where the simulated robot is: seconds of its time, centimetres from the world's corner
    (x to the east, y to the north), heading in degrees (0 east, 90 north), as in the world
    files. jumped: it got here by hand (dragged, or put back at the start), not by driving."""

    t: float
    x: float
    y: float
    heading: float
    jumped: bool = False


class GoalWatch:
    """Follows the robot and says when one goal comes true (it then stays true)."""

    def __init__(self, goal: Goal) -> None:
        self.goal = goal
        self.met = False
        self._start: RobotSample | None = None
        self._last: RobotSample | None = None
        self._travelled = 0.0
        self._turned = 0.0

    def feed(self, sample: RobotSample) -> None:
        last = self._last
        if self._start is None:
            self._start = sample
        if last is not None and not sample.jumped:  # moving it by hand is not driving
            self._travelled += math.hypot(sample.x - last.x, sample.y - last.y)
            # The shortest way round: 350 -> 10 degrees is a 20 degree turn.
            self._turned += (sample.heading - last.heading + 180.0) % 360.0 - 180.0
        self._last = sample
        self.met = self.met or self._true_now(sample)

    def _true_now(self, sample: RobotSample) -> bool:
        goal, start = self.goal, self._start
        assert start is not None
        if goal.kind == "reach":
            x, y = goal.values
            return math.hypot(sample.x - x, sample.y - y) <= goal.radius
        if goal.kind == "travel":
            return self._travelled >= goal.values[0]
        if goal.kind == "turn":
            return abs(self._turned) >= goal.values[0] - goal.radius
        # home: back near the start after a trip
        return (self._travelled >= HOME_MIN_TRAVEL_CM
                and math.hypot(sample.x - start.x, sample.y - start.y) <= goal.radius)


class StepWatch:
    """Watches one step's check: done when every expected output showed and every goal was met."""

    def __init__(self, check: Check | None) -> None:
        self.check = check or Check()
        self.goals = [GoalWatch(goal) for goal in self.check.goals]
        self._seen = ""
        self._outputs_met = [False] * len(self.check.outputs)

    @property
    def has_check(self) -> bool:
        return bool(self.check.outputs or self.check.goals)

    @property
    def met(self) -> bool:
        return self.has_check and all(self._outputs_met) and all(g.met for g in self.goals)

    def output(self, text: str) -> None:
        """The REPL showed text."""
        self._seen = (self._seen + text)[-MAX_SEEN_CHARS:]
        for i, expected in enumerate(self.check.outputs):
            self._outputs_met[i] = self._outputs_met[i] or output_shows(expected, self._seen)

    def robot(self, sample: RobotSample) -> None:
        """The simulated robot moved."""
        for goal in self.goals:
            goal.feed(sample)
