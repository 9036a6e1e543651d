# SPDX-License-Identifier: GPL-3.0-or-later
"""A row of controls that wraps onto more lines when its pane is narrow.

A pane's row of buttons (the robot's, the plotter's) would otherwise set the pane's smallest
width, and beside the lesson pane on a 1366-pixel laptop, or with projector mode's big text,
that squeezes the editor to nothing.
"""

from __future__ import annotations

from PyQt6.QtCore import QPoint, QRect, QSize, Qt
from PyQt6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Items left to right, starting a new line when the next one does not fit."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing

    # -- what a QLayout must give ---------------------------------------------------------

    def addItem(self, item: QLayoutItem | None) -> None:  # noqa: N802 - Qt override
        if item is not None:
            self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt override
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt override
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt override
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt override
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Everything on one line."""
        margins = self.contentsMargins()
        hints = [item.sizeHint() for item in self._visible()]
        width = sum(h.width() for h in hints) + self._gap * max(0, len(hints) - 1)
        height = max((h.height() for h in hints), default=0)
        return QSize(width + margins.left() + margins.right(),
                     height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt override
        """As narrow as the widest control: the rest go below it."""
        margins = self.contentsMargins()
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize())
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    # -- placing ----------------------------------------------------------------------------

    def _visible(self) -> list[QLayoutItem]:
        return [item for item in self._items
                if item.widget() is None or not item.widget().isHidden()]

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place the items in rect (when move), each centred on its line; the height taken."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        x = area.x()
        for item in self._visible():
            hint = item.sizeHint()
            if lines[-1] and x + hint.width() > area.right() + 1:
                lines.append([])
                x = area.x()
            lines[-1].append((item, hint))
            x += hint.width() + self._gap
        y = area.y()
        for line in lines:
            height = max((hint.height() for _item, hint in line), default=0)
            x = area.x()
            for item, hint in line:
                if move:
                    item.setGeometry(QRect(QPoint(x, y + (height - hint.height()) // 2), hint))
                x += hint.width() + self._gap
            y += height + self._gap
        return y - self._gap - rect.y() + margins.bottom()
