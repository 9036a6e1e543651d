# SPDX-License-Identifier: GPL-3.0-or-later
"""The simulated robot's worlds that a lesson may name in its header."""

from __future__ import annotations

#: World names of the simulated robot (`snekide-robot --world NAME`): `oval` is the line-follower
#: track (right wheel M1, left wheel M3, light sensor A1), `arena` the bumper car's room (wheels M2
#: and M3, distance sensors A1 and A7), `floor` an empty floor for drawing. This is the one list
#: lessons are checked against; it is to follow the robot's own list of worlds once that lands.
WORLDS: tuple[str, ...] = ("oval", "arena", "floor")


def known_worlds() -> tuple[str, ...]:
    """The world names a lesson may use."""
    return WORLDS
