# SPDX-License-Identifier: GPL-3.0-or-later
"""The lessons in lessons/: each opens, and every snek block runs on the host build of its board.

Each block runs alone, as a program on a fresh board (`snek --board BOARD FILE`), or where the
lesson names a world, on that world's simulated robot in virtual time (as `snekide-robot`);
`snek forever` blocks run for 2 s and must not fail. The blocks sleep more than they compute,
so they all run at once. Steps with an expected output are run through the REPL as Try it sends
them, and must show that output. Steps with robot goals are run in their world, as a student
would do them, and must meet their goals.
"""

from __future__ import annotations

import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

from snekide.lessons.bundle import open_lesson
from snekide.lessons.checks import RobotSample, StepWatch, output_shows
from snekide.lessons.format import CodeBlock, Lesson, Step, parse_lesson
from snekide.lessons.library import lessons_folder, shipped_lessons
from snekide.lessons.runner import HOST_BOARD, BlockRun, run_block
from snekide.device.statements import pasted_lines
from snekide.robot import runner as robot_runner
from snekide.robot import world as robot_world
from snekide.robot.world import Pose

ROOT = Path(__file__).resolve().parents[2]
LESSONS = {path.name: open_lesson(path).lesson for path in shipped_lessons()}
BLOCKS = [(name, step, block) for name, lesson in LESSONS.items()
          for step, block in lesson.blocks()]
CHECKED_STEPS = [(name, step) for name, lesson in LESSONS.items() for step in lesson.steps
                 if step.check is not None and step.check.outputs]
#: The course, in order (issue: first words ... the PID bug).
COURSE = ["First words", "Lights", "Loops", "Functions", "Motors and turning", "Drawing shapes",
          "Sensors and if", "The line bug", "The bumper car", "The washing machine",
          "The PID bug"]


@pytest.fixture(scope="session")
def firmware() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT / "firmware"), "posix"], check=True)
    return ROOT / "firmware" / "build" / "posix" / "snek"


@pytest.fixture(scope="session")
def block_runs(firmware: Path) -> dict[tuple[str, int], BlockRun]:
    """Every block of every lesson, run at once (they mostly sleep)."""
    def run(item: tuple[str, Step, CodeBlock]) -> BlockRun:
        name, _step, block = item
        lesson = LESSONS[name]
        return run_block(block.code, lesson.board, lesson.world, forever=block.forever,
                         firmware=firmware)

    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(run, BLOCKS))
    return {(name, block.line): result
            for (name, _s, block), result in zip(BLOCKS, results, strict=True)}


def test_the_course_is_there_in_order():
    assert len(LESSONS) >= 10
    assert [lesson.title for lesson in LESSONS.values()] == COURSE
    assert lessons_folder() == ROOT / "lessons"


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_each_lesson_names_its_board_and_says_what_changes_on_a_real_one(name):
    lesson = LESSONS[name]
    assert lesson.board in HOST_BOARD
    real = f"On a real {lesson.board_name.split()[-1]}"
    assert lesson.steps[-1].title == real, f"the last step should be '{real}'"
    assert lesson.author


def test_robot_lessons_name_their_world():
    uses_robot = {name for name, lesson in LESSONS.items()
                  if any("M1" in b.code or "M2" in b.code for _, b in lesson.blocks())}
    for name in uses_robot - {"10-washing-machine.md"}:  # the washing machine stands still
        assert LESSONS[name].world, f"{name} drives a robot: name its world"


@pytest.mark.parametrize("name, line", [(name, block.line) for name, _s, block in BLOCKS],
                         ids=[f"{name}:{block.line}" for name, _s, block in BLOCKS])
def test_every_snek_block_runs_without_error(name, line, block_runs):
    run = block_runs[(name, line)]
    assert run.ok, f"{name} line {line}: {run.error}"


def repl_output(firmware: Path, board: str, code: str) -> str:
    """What the REPL shows for code sent as Try it sends it (prompts taken out)."""
    typed = "".join(line + "\n" for line in pasted_lines(code)) + "\n"
    result = subprocess.run([str(firmware), "--board", HOST_BOARD[board]], input=typed,
                            capture_output=True, text=True, timeout=60, check=False)
    shown = re.sub(r"(?m)^(?:[>+] )+", "", result.stdout)
    assert "<stdin>:" not in shown, shown
    return shown


@pytest.mark.parametrize("name, step", CHECKED_STEPS,
                         ids=[f"{name}:{step.title}" for name, step in CHECKED_STEPS])
def test_expected_outputs_are_what_the_repl_shows(name, step, firmware):
    lesson: Lesson = LESSONS[name]
    shown = "".join(repl_output(firmware, lesson.board, block.code) for block in step.blocks)
    for expected in step.check.outputs:
        assert output_shows(expected, shown), f"expected:\n{expected}\nshown:\n{shown}"


def test_the_documented_example_is_a_good_lesson(firmware):
    docs = (ROOT / "docs" / "lessons.md").read_text()
    example = re.search(r"````markdown\n(.*?)````", docs, re.S)
    assert example is not None
    lesson = parse_lesson(example.group(1))
    assert [step.title for step in lesson.steps] == [
        "Switch the light on", "Blink three times", "On a real Uno"]
    for _step, block in lesson.blocks():
        assert run_block(block.code, lesson.board, lesson.world, firmware=firmware).ok
    (checked,) = [step for step in lesson.steps if step.check]
    assert output_shows(checked.check.outputs[0], repl_output(firmware, "uno",
                                                              checked.blocks[0].code))


# -- robot goals -----------------------------------------------------------------------------

GOAL_STEPS = [(name, step) for name, lesson in LESSONS.items() for step in lesson.steps
              if step.check is not None and step.check.goals]
#: A `snek forever` block with a goal runs this long (robot seconds) for the goal to be met.
GOAL_SECONDS = 60.0


def measured_quarter(firmware: Path) -> str:
    """What a student finds for QUARTER in the shapes lesson's first step: the seconds a
    quarter turn takes, from how far the lesson's first guess turned the robot."""
    step = LESSONS["06-drawing-shapes.md"].steps[0]
    (block,) = step.blocks
    guess = float(re.search(r"^QUARTER = ([0-9.]+)$", block.code, re.M).group(1))
    run = run_block(block.code, "snekboard", "floor", firmware=firmware)
    turned = (run.path[-1].heading - run.path[0].heading) % 360
    assert 30 < turned < 150, turned  # a first guess, somewhere near
    return f"QUARTER = {guess * 90 / turned:.3f}"


#: What the lesson asks the student to do before a step's goal can be met: change the code
#: (old -> new), or put the robot somewhere first (as dragging it in the robot pane does).
def student_does(name: str, step: Step, firmware: Path) -> tuple[dict[str, str], Pose | None]:
    if name == "05-motors-and-turning.md" and step.title == "Turning on the spot":
        return {"time.sleep(0.5)": "time.sleep(1.6)"}, None  # "turn right round"
    if name == "06-drawing-shapes.md" and "QUARTER = 0.5" in step.blocks[0].code:
        return {"QUARTER = 0.5": measured_quarter(firmware)}, None
    if name == "07-sensors-and-if.md" and step.title == "Stop at the line":
        return {}, Pose(100, 45, 270)  # in the middle of the oval, facing the line
    return {}, None


@pytest.mark.parametrize("name, step", GOAL_STEPS,
                         ids=[f"{name}:{step.title}" for name, step in GOAL_STEPS])
def test_robot_goals_are_met_by_doing_what_the_step_says(name, step, firmware, tmp_path):
    lesson = LESSONS[name]
    edits, start = student_does(name, step, firmware)
    world = robot_world.load(lesson.world)
    if start is not None:
        world = replace(world, start=start)
    watch = StepWatch(step.check)
    for number, block in enumerate(step.blocks):
        code = block.code
        for old, new in edits.items():
            assert old in code, f"the lesson no longer says {old!r}"
            code = code.replace(old, new)
        program = tmp_path / f"block{number}.py"
        program.write_text(code)
        path: list[RobotSample] = []
        outcome = robot_runner.run(
            world, program, GOAL_SECONDS, firmware, board="snekboard",
            on_frame=lambda f: path.append(RobotSample(f.t, f.x, f.y, f.heading, not path)))
        assert outcome.status == 0 and not outcome.problem, outcome.errors + outcome.problem.encode()
        for sample in path:
            watch.robot(sample)
    assert [(g.goal.text, g.met) for g in watch.goals] == [(g.text, True)
                                                           for g in step.check.goals]
