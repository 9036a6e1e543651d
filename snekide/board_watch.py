# SPDX-License-Identifier: GPL-3.0-or-later
"""Which board the board view shows, and what its inputs do.

The simulator's pins come from the side channel, always (a boot reports its pins before the
IDE hears that it connected); a real robot's come from the REPL (snekide.typed_pins). Inputs
set by hand go to the simulator over the side channel, except on the pins that the robot's
world sets (its sensors: the world wins, as a real sensor would); a real robot's inputs are
its sensors, which the IDE cannot set. No Qt here.
"""

from __future__ import annotations

from typing import Any

from snekide.board_pins import NOTHING, ROBOT, SIMULATOR, BoardPins, Picture, PinSpot
from snekide.connect_choices import BOARD_NAMES, board_of, simulated_board
from snekide.device.side_channel import SideChannel
from snekide.typed_pins import RobotWatch

NOT_RUNNING = "The simulator is not running, so the input was not set. Press Connect."
ROBOT_GONE = "The robot is not connected. Press Connect."
HELD = ("{pin} is the robot's {what}: in the robot's world, the {what} sets what read({pin}) "
        "gives. Move the robot to change it.")


class BoardWatch:
    """The picture to show now, kept up to date; inputs sent where they can go."""

    def __init__(self, channel: SideChannel) -> None:
        self.channel = channel
        self.simulator = BoardPins(SIMULATOR)
        self.robot = BoardPins(ROBOT)
        self.nothing = BoardPins(NOTHING)
        self.showing = self.nothing
        self._robot_watch: RobotWatch | None = None
        self._unsubscribe = channel.subscribe(self.simulator.take)

    def close(self) -> None:
        self._unsubscribe()

    def picture(self) -> Picture:
        return self.showing.picture()

    # -- the connection --------------------------------------------------------------

    def connected(self, choice: Any) -> None:
        """A board was connected (a device.usb.DeviceChoice)."""
        if getattr(choice, "kind", "") == "simulator":
            self.showing, self._robot_watch = self.simulator, None
            return
        board = board_of(choice)
        # A Duemilanove has the Uno's pins; boards the firmware does not know have none here.
        self.robot.show(simulated_board(board) if board in BOARD_NAMES else board, ROBOT)
        self._robot_watch = RobotWatch(self.robot, self.robot.picture().layout)
        self.showing = self.robot

    def disconnected(self) -> None:
        if self.showing is self.robot:
            self.robot.say(ROBOT_GONE)
            self._robot_watch = None
        # The simulator's end is told by its channel (ChannelClosed).

    def line_sent(self, text: str, main: bool = True) -> None:
        """A line typed at the REPL went to the robot (at its `> ` prompt if main)."""
        if self._robot_watch is not None:
            self._robot_watch.line_sent(text, main)

    def output(self, text: str) -> None:
        if self._robot_watch is not None:
            self._robot_watch.output(text)

    # -- inputs ------------------------------------------------------------------------

    @property
    def takes_inputs(self) -> bool:
        return self.showing is self.simulator

    def set_input(self, spot: PinSpot, value: float) -> str:
        """Give a pin of the simulator a value (0..1); '' if done, else why not."""
        if not self.takes_inputs:
            return ""
        held_by = self.picture().look(spot.number).held_by
        if held_by:
            return HELD.format(pin=spot.name, what=held_by)
        # What read() gives is shown when the channel tells it (InputGiven), as for the world's.
        if not self.channel.send_input(spot.number, min(1.0, max(0.0, value))):
            return NOT_RUNNING
        return ""

    def toggle(self, spot: PinSpot) -> str:
        """Flip a digital input: a pin that reads 1 is given 0, and the other way round."""
        return self.set_input(spot, 0.0 if self.picture().reads(spot) else 1.0)
