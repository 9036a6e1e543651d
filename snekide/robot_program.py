# SPDX-License-Identifier: GPL-3.0-or-later
"""What program the robot holds, compared with the one in the editor."""

from __future__ import annotations

from snekide.device.protocol import lf_lines


def same_program(a: str, b: str) -> bool:
    """Equal up to line endings and blank lines at the end."""
    return lf_lines(a).rstrip() == lf_lines(b).rstrip()


class RobotProgram:
    """Remembers the text the robot is known to hold and which editor buffer it came from."""

    def __init__(self) -> None:
        self.text: str | None = None
        self.buffer_id: str | None = None
        self.how = ""

    def stored(self, text: str, buffer_id: str, how: str) -> None:
        """The robot now holds text (after a verified Put, or read by Get)."""
        self.text, self.buffer_id, self.how = text, buffer_id, how

    def forget(self) -> None:
        """We no longer know (new board, failed Put)."""
        self.text, self.buffer_id, self.how = None, None, ""

    def matches(self, text: str) -> bool:
        return self.text is not None and same_program(self.text, text)

    def describe(self, text: str, buffer_id: str) -> str:
        """One short status line about the editor buffer's text versus the robot's program."""
        if self.text is None:
            return "Robot's program: not checked yet"
        if same_program(self.text, text):
            return "Robot's program: same as this one ✔"
        if buffer_id == self.buffer_id:
            return f"Robot's program: this one changed since {self.how}"
        return "Robot's program: a different one"
