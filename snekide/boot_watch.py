# SPDX-License-Identifier: GPL-3.0-or-later
"""When the robot's own program keeps the student out, and what to tell them.

The program kept on a robot runs each time it starts, before the student can type. One that
exits, resets or hangs at once would lock them out for good; "Start without the robot's
program" (Connection.start_without_program) restarts the board without running it, so that
they can Get it, fix it and Put it again. BootWatch follows what the board does between a
start and its prompt, and says when the student needs that:

- the board restarts again and again with no prompt between (a stored reset());
- the simulator stops after its banner, before its prompt (a stored exit());
- after a Connect, nothing comes for a while, not even a prompt (a stored `while True: pass`);
- the board does not answer a Stop before its first prompt.

No Qt here: snekide.safe_start feeds it what the connection reports and shows what it says.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from snekide.device.protocol import BANNER

#: The menu item and the button, word for word.
LABEL = "Start without the robot's program"
TIP = ("Restart the robot without running the program kept on it, so that you can Get it, "
       "fix it and Put it again")
#: After a safe start.
STARTED = ("The robot started without running its program. Press Get to bring that program "
           "into the editor, fix it, then Put it again.")
STARTED_STATUS = "Started without the robot's program."

#: Starts with no prompt between them before the board "keeps restarting".
RESTARTS = 3
#: How long a board may show nothing at all after a Connect before the student is told why.
QUIET_SECONDS = 3.0

KEEPS_RESTARTING = "keeps restarting"
STOPS_AT_START = "stops at its start"
NO_PROMPT = "no prompt"
WILL_NOT_STOP = "will not stop"

_PRESS = f"press “{LABEL}”"
_THEN = "Then Get the program, fix it and Put it again."


@dataclass(frozen=True)
class Trouble:
    """Why the student cannot type: the note for the REPL and a short line for the status bar."""
    kind: str
    note: str
    status: str


def trouble(kind: str, simulator: bool) -> Trouble:
    """The words for a kind of trouble, on the simulator or on a robot."""
    board = "The simulator" if simulator else "The robot"
    if kind == KEEPS_RESTARTING:
        return Trouble(kind, f"{board} keeps restarting: the program kept on it starts it again "
                             f"and again (maybe it calls reset()). To stop that, {_PRESS}. "
                             f"{_THEN}",
                       f"{board} keeps restarting. Use “{LABEL}”.")
    if kind == STOPS_AT_START:
        return Trouble(kind, f"But Connect will not help this time: the program kept on "
                             f"{board.lower()} ends it as soon as it starts (maybe it calls "
                             f"exit()). {_PRESS[0].upper()}{_PRESS[1:]} instead. {_THEN}",
                       f"{board} stops at its start. Use “{LABEL}”.")
    if kind == NO_PROMPT:
        return Trouble(kind, f"{board} is busy running the program kept on it, so it cannot "
                             "take what you type yet. Press Stop to stop that program. "
                             f"If it does not stop, {_PRESS}.",
                       f"{board} is running its program. Press Stop to type.")
    if kind == WILL_NOT_STOP:
        return Trouble(kind, f"The program kept on {board.lower()} does not stop, so you "
                             f"cannot type. {_PRESS[0].upper()}{_PRESS[1:]}: it restarts "
                             f"without running that program. {_THEN}",
                       f"The robot's program does not stop. Use “{LABEL}”.")
    raise ValueError(kind)


class BootWatch:
    """Follows a board from its start to its prompt (see the module's words)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._simulator = False
        self._partial = ""               # output since the last newline
        self._starts = 0                 # starts since the last prompt
        self._booting = False            # a banner came, and no prompt since
        self._waiting = False            # a Connect or a banner came, and no prompt since
        self._quiet_since: float | None = None   # after a Connect: nothing shown since then
        self._armed = False              # the Connect succeeded: quiet may be told of
        self._told: set[str] = set()     # each trouble once, until the next prompt

    # -- what the board does ---------------------------------------------------------------

    def connecting(self, simulator: bool) -> None:
        """A Connect began. The new board's reader starts before the window hears that it is
        connected, so its banner, output and prompt may all come before connected(): they
        are followed from here, and the quiet time counts from here or the last banner."""
        self._simulator = simulator
        self._partial = ""
        self._waiting = True
        self._armed = False
        self._quiet_since = self._clock()

    def connected(self) -> None:
        """The Connect succeeded: from now on a board still quiet may be told of. (One that
        failed never gets here, so it is not taken for a busy program.)"""
        self._armed = True

    def output(self, text: str) -> Trouble | None:
        """Text the board printed; banners count as starts, anything else is not quiet."""
        lines = (self._partial + text).split("\n")
        self._partial = lines.pop()
        restarted = False
        for line in lines:
            line = line.rstrip("\r")
            if line.startswith(BANNER):
                self._starts += 1
                self._booting = self._waiting = restarted = True
                if self._quiet_since is not None:
                    self._quiet_since = self._clock()
            elif line.strip():
                self._quiet_since = None
        partial = self._partial.strip()
        if partial and not (BANNER.startswith(partial) or partial.startswith(BANNER)):
            self._quiet_since = None
        if restarted and self._starts >= RESTARTS:
            return self._tell(KEEPS_RESTARTING)
        return None

    def printed_error(self) -> None:
        """The board printed an error (shown in the student's words, not as output)."""
        self._quiet_since = None

    def prompt(self) -> None:
        """The board waits at its prompt: nothing keeps the student out."""
        self._starts = 0
        self._booting = self._waiting = False
        self._quiet_since = None
        self._partial = ""
        self._told.clear()

    def stopped(self, ended_by_program: bool = True) -> Trouble | None:
        """The connection ended by itself: the simulator exited, or the robot went away (a
        robot on native USB leaves the bus each time it restarts). A simulator that did not
        end by its program's exit() (it was killed, or crashed) is no reason to advise."""
        self._quiet_since = None
        self._partial = ""
        if self._simulator:
            booting, self._booting = self._booting, False
            if not booting or not ended_by_program:
                return None
            self._told.discard(STOPS_AT_START)   # each time: Connect would only do it again
            return self._tell(STOPS_AT_START)
        self._starts += 1
        return self._tell(KEEPS_RESTARTING) if self._starts >= RESTARTS else None

    def not_answering(self) -> Trouble | None:
        """A Stop (or another call) found the board not answering its ^C."""
        if self._waiting:
            return self._tell(WILL_NOT_STOP)
        return None

    # -- time ------------------------------------------------------------------------------

    def check(self) -> Trouble | None:
        """Call when check_in() has passed: a board quiet since its Connect is told of."""
        since = self._quiet_since
        if since is None or not self._armed or self._clock() - since < QUIET_SECONDS:
            return None
        self._quiet_since = None
        return self._tell(NO_PROMPT)

    def check_in(self) -> float | None:
        """Seconds until check() may have something to say, or None."""
        since = self._quiet_since
        if since is None or not self._armed:
            return None
        return max(0.0, since + QUIET_SECONDS - self._clock())

    def _tell(self, kind: str) -> Trouble | None:
        if kind in self._told:
            return None
        self._told.add(kind)
        return trouble(kind, self._simulator)
