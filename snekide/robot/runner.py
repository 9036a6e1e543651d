# SPDX-License-Identifier: GPL-3.0-or-later
"""A program run headless: the host firmware in virtual time, a world on its side channel."""

from __future__ import annotations

import os
import selectors
import socket
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from snekide.robot.simulation import Flooded, Frame, Simulation
from snekide.robot.world import World

#: What is kept of the program's output (and of its error messages).
MAX_OUTPUT = 1024 * 1024
#: Wall-clock seconds the board may go without a word before it is given up on.
SILENCE = 30.0

CUT = "\n(The program printed more than 1 MB: the rest is left out.)\n"
SILENT = ("The simulated robot stopped answering for {:g} seconds, so it was stopped.")
CRASHED = "The simulator stopped unexpectedly (status {}). This is a bug in snekide."


@dataclass
class Outcome:
    """How a run ended."""
    status: int            # 0, or 1 after a program error; 2 when the simulator failed
    output: bytes          # what the program printed
    errors: bytes          # its error messages (FILE:LINE message)
    problem: str = ""      # the simulator's own trouble, in words for the student
    #: The program had not ended when the time was up (it was stopped then, status 0).
    still_running: bool = False


class _Capped:
    """Bytes kept up to MAX_OUTPUT, then a note that the rest was left out."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.cut = False

    def add(self, chunk: bytes) -> None:
        room = MAX_OUTPUT - len(self.data)
        if len(chunk) > room:
            self.cut = True
        self.data += chunk[:max(room, 0)]

    def value(self) -> bytes:
        return bytes(self.data) + (CUT.encode() if self.cut else b"")


def run(world: World, program: Path, seconds: float, firmware: Path,
        on_frame: Callable[[Frame], None] | None = None, silence: float = SILENCE,
        board: str | None = None) -> Outcome:
    """Run program in world for `seconds` of virtual time; frames go to on_frame as they come.

    The world goes on to the end even when the program ends sooner, its motors as it left them.
    board is the simulator's --board (the host build's own default when None).
    """
    end_us = round(seconds * 1e6)
    sim = Simulation(world, on_frame)
    ours, theirs = socket.socketpair()
    try:
        proc = subprocess.Popen(
            [str(firmware), *(["--board", board] if board else []), "--io-fd",
             str(theirs.fileno()), "--virtual-time", str(program)],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            pass_fds=(theirs.fileno(),))
    finally:
        theirs.close()
    output, errors = _Capped(), _Capped()
    problem = ""
    reached_end = False
    ours.settimeout(silence)
    selector = selectors.DefaultSelector()
    assert proc.stdout is not None and proc.stderr is not None
    selector.register(ours, selectors.EVENT_READ, None)
    selector.register(proc.stdout, selectors.EVENT_READ, output)
    selector.register(proc.stderr, selectors.EVENT_READ, errors)
    try:
        while not reached_end and selector.get_map():
            ready = selector.select(timeout=silence)
            if not ready:
                problem = SILENT.format(silence)
                break
            for key, _ in ready:
                if key.data is not None:
                    chunk = os.read(key.fd, 65536)
                    if chunk:
                        key.data.add(chunk)
                    else:
                        selector.unregister(key.fileobj)
                    continue
                try:
                    data = ours.recv(65536)
                except (ConnectionResetError, TimeoutError):
                    data = b""
                if not data:  # the board has ended
                    selector.unregister(ours)
                    continue
                for target in sim.feed(data):
                    if target >= end_us:
                        reached_end = True
                        break
                    sim.advance_to(target)
                    try:
                        ours.sendall(sim.reply())
                    except OSError:
                        break  # it has gone: its end shows up as the channel closes
    except Flooded as flood:
        problem = str(flood)
    finally:
        selector.close()
        stopped_by_us = False
        if not reached_end and not problem:
            try:  # it closed everything: it is ending by itself
                proc.wait(timeout=silence)
            except subprocess.TimeoutExpired:
                pass
        if proc.poll() is None:
            proc.kill()
            stopped_by_us = True
        # Whatever it printed before it stopped.
        output.add(proc.stdout.read())
        errors.add(proc.stderr.read())
        proc.stdout.close()
        proc.stderr.close()
        status = proc.wait()
        ours.close()
    if problem:
        return Outcome(2, output.value(), errors.value(), problem)
    sim.advance_to(end_us)  # the world goes on after the program ends
    if stopped_by_us:
        return Outcome(0, output.value(), errors.value(), still_running=True)
    if status not in (0, 1):
        return Outcome(2, output.value(), errors.value(), CRASHED.format(status))
    return Outcome(status, output.value(), errors.value())
