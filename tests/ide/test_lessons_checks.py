# SPDX-License-Identifier: GPL-3.0-or-later
"""Step checks: expected REPL output, robot goals, and saved progress."""

from __future__ import annotations

import json

from snekide.lessons.checks import MAX_SEEN_CHARS, RobotSample, StepWatch, output_shows
from snekide.lessons.format import Check, Goal, parse_lesson
from snekide.lessons.progress import Progress


def goal(kind: str, *values: float, radius: float | None = None) -> Goal:
    if radius is None:
        radius = 5.0 if kind == "turn" else 10.0  # as a lesson's goal has them by default
    return Goal(kind, tuple(values), radius, kind)


def drive(watch: StepWatch, points: list[tuple[float, float, float]]) -> None:
    for t, (x, y, heading) in enumerate(points):
        watch.robot(RobotSample(t / 10, x, y, heading))


# -- output ----------------------------------------------------------------------------------

def test_output_lines_must_appear_together_and_in_order():
    assert output_shows("5\n", "5\n")
    assert output_shows("1\n2\n", "hello\n1\n2\nbye\n")
    assert output_shows("1\n2\n", "1  \r\n\r\n2\n")  # trailing spaces and blank lines do not count
    assert not output_shows("1\n2\n", "2\n1\n")
    assert not output_shows("1\n2\n", "1\n3\n2\n")
    assert not output_shows("15\n", "5\n")


def test_output_arriving_in_pieces_meets_the_check():
    watch = StepWatch(Check(outputs=("Hello, robot!\n",)))
    assert watch.has_check and not watch.met
    watch.output("Hel")
    assert not watch.met
    watch.output("lo, robot!\n")
    assert watch.met


def test_every_expected_output_is_needed_once_met_it_stays_met():
    watch = StepWatch(Check(outputs=("1\n", "2\n")))
    watch.output("1\n")
    assert not watch.met
    watch.output("x\n" * MAX_SEEN_CHARS)  # "1" scrolls out of what is remembered
    watch.output("2\n")
    assert watch.met


def test_a_step_without_check_is_never_met():
    watch = StepWatch(None)
    watch.output("anything\n")
    assert not watch.has_check and not watch.met


# -- goals -----------------------------------------------------------------------------------

def test_reach_a_spot():
    watch = StepWatch(Check(goals=(goal("reach", 100, 0),)))
    drive(watch, [(0, 0, 0), (50, 0, 0), (85, 0, 0)])
    assert not watch.met
    drive(watch, [(92, 3, 0)])
    assert watch.met
    drive(watch, [(0, 0, 0)])  # driving away later does not undo it
    assert watch.met


def test_travel_counts_the_whole_path():
    watch = StepWatch(Check(goals=(goal("travel", 100),)))
    drive(watch, [(0, 0, 0), (40, 0, 0), (40, 40, 90)])
    assert not watch.met
    drive(watch, [(20, 40, 90)])  # 40 + 40 + 20 = 100 cm along the way
    assert watch.met


def test_turn_counts_the_net_turn_across_north():
    watch = StepWatch(Check(goals=(goal("turn", 360),)))
    headings = [0, 90, 180, 270, 350]
    drive(watch, [(0, 0, h) for h in headings])
    assert not watch.met
    drive(watch, [(0, 0, 10)])  # 350 -> 10 is +20: 370 in all
    assert watch.met


def test_wiggling_is_not_turning():
    watch = StepWatch(Check(goals=(goal("turn", 90),)))
    drive(watch, [(0, 0, h) for h in [0, 60, 0, 60, 0, 60, 0]])
    assert not watch.met


def test_home_needs_a_trip_first():
    watch = StepWatch(Check(goals=(goal("home", radius=5),)))
    drive(watch, [(0, 0, 0), (2, 0, 0)])
    assert not watch.met  # still at the start: not a trip
    drive(watch, [(50, 0, 0), (50, 50, 90), (0, 50, 180), (3, 2, 270)])
    assert watch.met


def test_a_turn_timed_well_is_a_turn():
    """A quarter turn timed as well as a student can comes to 89.9 degrees: within 5 of 90
    counts, unless the goal asks for more care."""
    watch = StepWatch(Check(goals=(goal("turn", 90),)))
    drive(watch, [(0, 0, 0), (0, 0, 40), (0, 0, 84.9)])
    assert not watch.met
    drive(watch, [(0, 0, 89.9)])
    assert watch.met
    exact = StepWatch(Check(goals=(goal("turn", 90, radius=0),)))
    drive(exact, [(0, 0, 0), (0, 0, 89.9)])
    assert not exact.met


def test_moving_the_robot_by_hand_is_not_driving_or_turning():
    watch = StepWatch(Check(goals=(goal("travel", 50), goal("turn", 90))))
    watch.robot(RobotSample(0, 0, 0, 0))
    watch.robot(RobotSample(0.1, 100, 0, 180, jumped=True))  # dragged away and turned round
    assert [g.met for g in watch.goals] == [False, False]
    drive(watch, [(100, 0, 180), (60, 0, 180), (40, 0, 180)])
    assert [g.met for g in watch.goals] == [True, False]
    drive(watch, [(40, 0, 270)])
    assert watch.met


def test_all_goals_and_outputs_together():
    watch = StepWatch(Check(outputs=("done\n",), goals=(goal("travel", 10), goal("turn", 90))))
    drive(watch, [(0, 0, 0), (20, 0, 0), (20, 0, 95)])
    assert not watch.met
    watch.output("done\n")
    assert watch.met


# -- progress --------------------------------------------------------------------------------

SHEET = parse_lesson("---\ntitle: T\nboard: uno\n---\n## A\na\n## B\nb\n## C\nc\n")


def test_progress_is_saved_and_read_back(tmp_path):
    progress = Progress(tmp_path, SHEET)
    assert (progress.step, progress.done) == (1, set())
    progress.go_to(3)
    progress.mark_done(1)
    progress.mark_done(3)
    progress.save()
    again = Progress(tmp_path, SHEET)
    assert (again.step, again.done) == (3, {1, 3})
    assert json.loads((tmp_path / f"{SHEET.key}.json").read_text())["title"] == "T"


def test_steps_stay_in_range(tmp_path):
    progress = Progress(tmp_path, SHEET)
    progress.go_to(99)
    assert progress.step == 3
    progress.go_to(-1)
    assert progress.step == 1


def test_damaged_progress_starts_again(tmp_path):
    for junk in ("{not json", '{"step": "two", "done": []}', '[1, 2]',
                 '{"step": 9, "done": [1, 7, "x"]}'):
        (tmp_path / f"{SHEET.key}.json").write_text(junk)
        progress = Progress(tmp_path, SHEET)
        assert 1 <= progress.step <= 3 and progress.done <= {1}


def test_progress_of_a_bigger_old_lesson_is_clipped(tmp_path):
    (tmp_path / f"{SHEET.key}.json").write_text('{"step": 9, "done": [1, 2, 3, 4, 5]}')
    progress = Progress(tmp_path, SHEET)
    assert progress.step == 3 and progress.done == {1, 2, 3}
