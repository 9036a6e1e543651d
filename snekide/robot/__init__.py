# SPDX-License-Identifier: GPL-3.0-or-later
"""The simulated robot: worlds, physics, the firmware in virtual time, and its pane."""
