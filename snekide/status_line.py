# SPDX-License-Identifier: GPL-3.0-or-later
"""The status bar's labels, each never wider than its room: the message line, with the hovered
command's tip shown in its place (so nothing is ever drawn over the badges), and the badges,
which give way to the message line and its button when the bar is short of room."""

from __future__ import annotations

from PyQt6.QtCore import QEvent, QSize, Qt
from PyQt6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent
from PyQt6.QtWidgets import QLabel, QSizePolicy, QStyle, QStyleOption, QWidget


class FittedLabel(QLabel):
    """A label that shows its text cut to its width with "…" (whole in its tooltip)."""

    def setText(self, text: str | None) -> None:  # noqa: N802 - Qt override
        super().setText(text or "")
        self.setToolTip(text or "")
        self.update()

    def shown_text(self) -> str:
        """What the label shows now (before it is cut to fit)."""
        return self.text()

    def _font(self) -> QFont:
        return self.font()

    def visible_text(self) -> str:
        """What the label shows now, cut to fit its width."""
        return QFontMetrics(self._font()).elidedText(
            self.shown_text(), Qt.TextElideMode.ElideRight, max(self.contentsRect().width(), 0))

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        style = self.style()
        if style is not None:   # a style sheet's background and corners (a badge's pill)
            style.drawPrimitive(QStyle.PrimitiveElement.PE_Widget, option, painter, self)
        painter.setFont(self._font())
        self._set_pen(painter)
        painter.drawText(self.contentsRect(), int(Qt.AlignmentFlag.AlignVCenter |
                                                  Qt.AlignmentFlag.AlignLeft),
                         self.visible_text())
        painter.end()

    def _set_pen(self, painter: QPainter) -> None:
        """The text's colour: the painter's own unless a subclass says otherwise."""


class StatusLine(FittedLabel):
    """The message line: its text cut to fit, or a tip for a while."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tip = ""
        # Its width is what the status bar has left: a long message never pushes the
        # badges around or widens the window.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._keep_room()

    #: Characters the line keeps beside the badges and buttons, however short the bar is.
    KEPT = 16

    def _keep_room(self) -> None:
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("x" * self.KEPT))

    def changeEvent(self, event: QEvent | None) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event is not None and event.type() == QEvent.Type.FontChange:
            self._keep_room()   # Big text: the kept room grows with the letters

    def show_tip(self, tip: str) -> None:
        """Show what the command under the mouse does ('' gives the message back)."""
        self._tip = tip
        self.update()

    def shown_text(self) -> str:
        return self._tip or self.text()

    def _font(self) -> QFont:
        font = self.font()
        font.setItalic(bool(self._tip))   # a tip looks different from a message
        return font

    def _set_pen(self, painter: QPainter) -> None:
        if self._tip:
            painter.setPen(self.palette().placeholderText().color())


class Badge(FittedLabel):
    """A status bar badge ("Connected: ...") that gives way when the bar is short of room: its
    text is cut to fit rather than pushing the message line and the "Start without the
    robot's program" button out of the window (Big text, a laptop)."""

    #: Characters a badge keeps however short of room the bar is.
    KEPT = 8

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setToolTip(text)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().minimumSizeHint()
        margins = self.contentsMargins()
        width = (self.fontMetrics().horizontalAdvance("x" * self.KEPT) + margins.left()
                 + margins.right())
        return QSize(min(width, hint.width()), hint.height())
