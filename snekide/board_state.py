# SPDX-License-Identifier: GPL-3.0-or-later
"""What a virtual board's pins are doing, as its side channel reports it (no Qt).

The reports are those of firmware/README.md ("The virtual board's side channel"); a live
board view draws this state.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field


@dataclass
class Output:
    power: float = 0.0
    on: bool = False


@dataclass
class MotorState:
    power: float = 0.0
    on: bool = False
    direction: str = "right"


@dataclass
class BoardState:
    """The last reported state of every output, and the pulls of the inputs."""
    name: str = ""
    pins: int = 0
    analog: list[int] = field(default_factory=list)
    motor_pins: list[tuple[int, int]] = field(default_factory=list)
    outputs: dict[int, Output] = field(default_factory=dict)
    pulls: dict[int, str] = field(default_factory=dict)
    motors: dict[int, MotorState] = field(default_factory=dict)
    neopixels: list[tuple[int, int, int]] = field(default_factory=list)
    tone: float = 0.0

    def apply(self, report: dict) -> None:
        """Take one report; one that is not understood changes nothing."""
        try:
            if "board" in report:  # a new boot: everything off
                fresh = BoardState(str(report["board"]), int(report["pins"]),
                                   [int(p) for p in report["analog"]],
                                   [(int(a), int(b)) for a, b in report["motors"]])
                vars(self).update(vars(fresh))
            elif "motor" in report:
                self.motors[int(report["motor"])] = MotorState(
                    float(report["power"]), bool(report["on"]), str(report["direction"]))
            elif "pull" in report:
                self.pulls[int(report["pin"])] = str(report["pull"])
            elif "pin" in report and "power" in report:
                self.outputs[int(report["pin"])] = Output(float(report["power"]),
                                                          bool(report["on"]))
            elif "neopixel" in report:
                self.neopixels = [(int(r), int(g), int(b)) for r, g, b in report["neopixel"]]
            elif "tone" in report:
                self.tone = float(report["tone"])
        except (KeyError, TypeError, ValueError):
            pass

    def copy(self) -> BoardState:
        return copy.deepcopy(self)
