# SPDX-License-Identifier: GPL-3.0-or-later
"""BootWatch: when the robot's own program keeps the student out (no Qt, a clock of our own)."""

from __future__ import annotations

from snekide import boot_watch
from snekide.boot_watch import (KEEPS_RESTARTING, LABEL, NO_PROMPT, QUIET_SECONDS, RESTARTS,
                                STOPS_AT_START, WILL_NOT_STOP, BootWatch, trouble)

BANNER = "Welcome to Snek 0.1.0\n"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def watch(simulator: bool = True) -> tuple[BootWatch, Clock]:
    clock = Clock()
    w = BootWatch(clock)
    w.connecting(simulator)
    w.connected()
    return w, clock


def test_a_board_that_restarts_again_and_again_is_told_once():
    w, _ = watch(simulator=False)
    said = [w.output(BANNER + "hi\r\n") for _ in range(RESTARTS + 3)]
    assert [t.kind if t else None for t in said] == [None] * (RESTARTS - 1) + [
        KEEPS_RESTARTING, None, None, None]
    assert said[RESTARTS - 1].note.startswith("The robot keeps restarting")
    assert LABEL in said[RESTARTS - 1].note


def test_banners_split_across_reads_still_count():
    w, _ = watch()
    pieces = []
    for _ in range(RESTARTS):
        pieces += ["Welc", "ome to Sn", "ek 0.1.0\r", "\n"]
    said = [w.output(piece) for piece in pieces]
    assert [t.kind for t in said if t] == [KEEPS_RESTARTING]
    assert said[-1] is not None and said[-1].note.startswith("The simulator keeps restarting")


def test_a_prompt_between_restarts_is_a_student_typing_reset():
    w, _ = watch()
    for _ in range(RESTARTS * 2):
        assert w.output(BANNER) is None
        w.prompt()


def test_told_again_after_a_prompt():
    w, _ = watch()
    for _ in range(RESTARTS):
        found = w.output(BANNER)
    assert found is not None
    w.prompt()
    for _ in range(RESTARTS):
        found = w.output(BANNER)
    assert found is not None and found.kind == KEEPS_RESTARTING


def test_the_simulator_stopping_before_its_prompt_is_its_program():
    w, _ = watch()
    w.output(BANNER + "hi\n")
    found = w.stopped()
    assert found is not None and found.kind == STOPS_AT_START
    assert "exit()" in found.note and LABEL in found.note
    # Connect again: it stops again, and is told again (Connect alone never helps).
    w.connecting(True)
    w.connected()
    w.output(BANNER)
    again = w.stopped()
    assert again is not None and again.kind == STOPS_AT_START


def test_a_simulator_killed_before_its_prompt_is_not_its_program():
    w, _ = watch()
    w.output(BANNER)
    assert w.stopped(ended_by_program=False) is None


def test_the_simulator_stopping_after_its_prompt_is_not():
    w, _ = watch()
    w.output(BANNER)
    w.prompt()
    w.output("bye\n")
    assert w.stopped() is None


def test_a_robot_that_keeps_leaving_the_bus_before_its_prompt_keeps_restarting():
    """A native USB robot that resets goes away and comes back: no banner is seen."""
    w, _ = watch(simulator=False)
    said = []
    for _ in range(RESTARTS):
        said.append(w.stopped())
        w.connecting(False)
        w.connected()
    assert [t.kind if t else None for t in said] == [None] * (RESTARTS - 1) + [KEEPS_RESTARTING]


def test_a_quiet_board_after_connect_is_told_after_a_while():
    w, clock = watch()
    w.output(BANNER)
    assert w.check_in() == QUIET_SECONDS
    clock.now += QUIET_SECONDS - 0.1
    assert w.check() is None
    clock.now += 0.1
    found = w.check()
    assert found is not None and found.kind == NO_PROMPT
    assert "Stop" in found.note and LABEL in found.note
    assert w.check_in() is None and w.check() is None   # once


def test_a_banner_cut_in_two_by_the_connect_still_counts():
    """The board's reader starts before the window hears of the Connect: the banner's first
    half can come before connected(), its end after. That is still a banner, not output."""
    w, clock = watch()
    w.output("stale half line")
    w.connecting(simulator=False)
    w.output(BANNER[:12])
    w.connected()
    w.output(BANNER[12:].replace("\n", "\r\n"))
    clock.now += QUIET_SECONDS
    found = w.check()
    assert found is not None and found.kind == NO_PROMPT


def test_a_prompt_before_connected_is_not_taken_for_a_busy_program():
    """The simulator is quick: its banner and prompt can both come before connected()."""
    w = BootWatch(clock := Clock())
    w.connecting(simulator=True)
    w.output(BANNER)
    w.prompt()
    w.connected()
    clock.now += 2 * QUIET_SECONDS
    assert w.check_in() is None and w.check() is None


def test_a_connect_that_fails_is_not_taken_for_a_busy_program():
    """No connected(): the window says why the Connect failed, and nothing more."""
    w = BootWatch(clock := Clock())
    w.connecting(simulator=False)
    clock.now += 2 * QUIET_SECONDS
    assert w.check_in() is None and w.check() is None
    w.connecting(simulator=False)   # tried again, and this time it works
    w.connected()
    clock.now += QUIET_SECONDS
    found = w.check()
    assert found is not None and found.kind == NO_PROMPT


def test_a_board_that_prints_or_prompts_is_not_quiet():
    for event in ("output", "prompt", "error"):
        w, clock = watch()
        w.output(BANNER)
        if event == "output":
            w.output("distance 12")
        elif event == "prompt":
            w.prompt()
        else:
            w.printed_error()
        assert w.check_in() is None
        clock.now += 2 * QUIET_SECONDS
        assert w.check() is None, event


def test_each_banner_starts_the_quiet_time_again():
    w, clock = watch()
    clock.now += QUIET_SECONDS - 1
    w.output(BANNER)
    assert w.check_in() == QUIET_SECONDS


def test_a_program_started_by_put_is_not_watched_for_quiet():
    """Only a Connect arms the quiet check: after Put the robot runs the program on purpose."""
    w, clock = watch()
    w.output(BANNER)
    w.prompt()
    w.output(BANNER)   # Put restarts the board
    clock.now += 2 * QUIET_SECONDS
    assert w.check_in() is None and w.check() is None


def test_not_answering_before_the_first_prompt_is_a_program_that_will_not_stop():
    w, _ = watch(simulator=False)
    w.output(BANNER)
    found = w.not_answering()
    assert found is not None and found.kind == WILL_NOT_STOP
    assert found.note.startswith("The program kept on the robot does not stop")
    w2, _ = watch(simulator=False)
    w2.output(BANNER)
    w2.prompt()
    assert w2.not_answering() is None   # a cable problem, said by the window already


def test_every_trouble_names_the_button_and_is_short_in_the_status_bar():
    for kind in (KEEPS_RESTARTING, STOPS_AT_START, NO_PROMPT, WILL_NOT_STOP):
        for simulator in (True, False):
            found = trouble(kind, simulator)
            assert LABEL in found.note
            assert len(found.status) <= 80, found.status
            assert found.note.count(".") >= 2   # what happened, and what to do
    assert boot_watch.STARTED.startswith("The robot started without running its program")
