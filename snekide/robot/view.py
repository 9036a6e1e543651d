# SPDX-License-Identifier: GPL-3.0-or-later
"""The robot pane: the simulated robot seen from above, drawing its path like a Logo turtle."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from PyQt6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, QTimer, pyqtSignal
from PyQt6.QtGui import (QColor, QImage, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen,
                         QResizeEvent, QWheelEvent)
from PyQt6.QtWidgets import (QCheckBox, QComboBox, QFileDialog, QLabel, QPushButton, QSizePolicy,
                             QVBoxLayout, QWidget)

from snekide import theme_switch
from snekide.flow_layout import FlowLayout
from snekide.robot import world as worlds
from snekide.robot.live import SPEEDS, LiveWorld, Snapshot, WorldSimulator
from snekide.robot.physics import TrailMark
from snekide.robot.world import ROBOT_BOARD, Pose, World, WorldError
from snekide.themes import Theme

#: The world shown when the IDE starts.
DEFAULT_WORLD = "floor"
#: How often the pane redraws (ms): about 30 frames a second.
FRAME_MS = 33
OPEN_WORLD = "Open a world file…"
WORLD_FILTER = "Worlds (*.world);;All files (*)"
STOPPED = "The simulated robot is not running. Press Connect to start it again."

FLOOR = QColor("#ffffff")
#: The floor under a dark theme: still the light floor the light sensor sees, with its black
#: tape, but not a glare in a dim room.
DIM_FLOOR = QColor("#c5c9ce")
OUTSIDE = QColor("#d7dde4")
MESSAGE_STYLE = ("QLabel {{ background: {background}; color: {text}; border: 1px solid {text}; "
                 "border-radius: 6px; padding: 4px 8px; }}")
TAPE = QColor("#111111")
WALL = QColor("#6d4c41")
TRAIL = QColor("#1565c0")
BODY = QColor("#f2cd37")       # LEGO yellow
BODY_EDGE = QColor("#8a6d00")
WHEEL = QColor("#222222")
NOSE = QColor("#c91a09")       # LEGO red
RAY = QColor(21, 101, 192, 90)


class RobotCanvas(QWidget):
    """Draws one LiveWorld: the floor, tape and walls, the trail, and the robot; drag to move."""

    def __init__(self, live: LiveWorld, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.live = live
        self.snapshot: Snapshot = live.snapshot()
        self.setMinimumSize(240, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._strokes: list[list[tuple[float, float]]] = []
        self._mark: TrailMark = (-1, 0, 0)
        self._trail_image: QImage | None = None
        self._drawn: list[int] = []            # points of each stroke already on the image
        self._dragging = False
        self._drag_offset = (0.0, 0.0)
        #: Around the floor, the floor, and the clock's box and text: set by the theme.
        self.outside, self.floor = OUTSIDE, FLOOR
        self.clock_box, self.clock_text = QColor(255, 255, 255, 200), QColor("#37474f")

    def apply_theme(self, theme: Theme | None) -> None:
        """Around the floor and the clock in the theme's colours; the floor stays light (the
        tape is black on it), dimmed under a dark theme."""
        if theme is None:
            self.outside, self.floor = OUTSIDE, FLOOR
            self.clock_box, self.clock_text = QColor(255, 255, 255, 200), QColor("#37474f")
        else:
            # Around a light floor a light theme's background goes a shade darker: the floor's
            # edge must show.
            around = QColor(theme.board["background"])
            self.outside = around if theme.dark else around.darker(112)
            self.floor = DIM_FLOOR if theme.dark else FLOOR
            self.clock_box = QColor(theme.board["background"])
            self.clock_text = QColor(theme.board["text"])
        self.update()

    # -- world <-> widget ------------------------------------------------------

    def _scale(self) -> tuple[float, float, float]:
        w = self.snapshot.world
        margin = 8
        s = max(1e-6, min((self.width() - 2 * margin) / w.width,
                          (self.height() - 2 * margin) / w.height))
        return s, (self.width() - w.width * s) / 2, (self.height() - w.height * s) / 2

    def to_widget(self, x: float, y: float) -> QPointF:
        s, ox, oy = self._scale()
        return QPointF(ox + x * s, oy + (self.snapshot.world.height - y) * s)

    def to_world(self, point: QPointF) -> tuple[float, float]:
        s, ox, oy = self._scale()
        return (point.x() - ox) / s, self.snapshot.world.height - (point.y() - oy) / s

    # -- updates -----------------------------------------------------------------

    def refresh(self) -> None:
        """Take the world's latest state and redraw."""
        old_world = self.snapshot.world
        self.snapshot = self.live.snapshot()
        if self.snapshot.world is not old_world:
            self._mark = (-1, 0, 0)  # another world: its trail from the start
        self._mark, pieces, fresh = self.live.trail_since(self._mark)
        if fresh:
            self._strokes = pieces
            self._trail_image = None
        elif pieces:
            self._strokes[-1].extend(pieces[0])
            self._strokes.extend(pieces[1:])
        self.update()

    def resizeEvent(self, event: QResizeEvent | None) -> None:  # noqa: N802 - Qt override
        self._trail_image = None
        super().resizeEvent(event)

    # -- painting ----------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.outside)
        self._paint_floor(painter)
        self._update_trail_image()
        if self._trail_image is not None:
            painter.drawImage(0, 0, self._trail_image)
        self._paint_robot(painter)
        self._paint_clock(painter)
        painter.end()

    def _paint_clock(self, painter: QPainter) -> None:
        """The robot's time, in the corner: it runs only while the simulator does."""
        text = f"{self.snapshot.time_us / 1e6:.1f} s"
        box = painter.fontMetrics().boundingRect(text).adjusted(-6, -3, 6, 3)
        box.moveTopLeft(self.rect().topLeft() + QPoint(12, 12))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.clock_box)
        painter.drawRoundedRect(QRectF(box), 4, 4)
        painter.setPen(self.clock_text)
        painter.drawText(QRectF(box), Qt.AlignmentFlag.AlignCenter, text)

    def _paint_floor(self, painter: QPainter) -> None:
        w = self.snapshot.world
        s, _, _ = self._scale()
        painter.fillRect(QRectF(self.to_widget(0, w.height), self.to_widget(w.width, 0)),
                         self.floor)
        for tape in w.tapes:
            pen = QPen(TAPE, tape.width * s)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.drawPath(self._path([(x1, y1, x2, y2) for x1, y1, x2, y2 in tape.segments]))
        pen = QPen(WALL, max(3.0, 2 * s))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        for x1, y1, x2, y2 in w.walls:
            painter.drawLine(self.to_widget(x1, y1), self.to_widget(x2, y2))

    def _path(self, segments: list[tuple[float, float, float, float]]) -> QPainterPath:
        path = QPainterPath()
        last = None
        for x1, y1, x2, y2 in segments:
            if last != (x1, y1):
                path.moveTo(self.to_widget(x1, y1))
            path.lineTo(self.to_widget(x2, y2))
            last = (x2, y2)
        return path

    def _update_trail_image(self) -> None:
        """Draw only the new part of the trail onto a kept image (a trail may be long)."""
        if self._trail_image is None or self._trail_image.size() != self.size():
            self._trail_image = QImage(self.size(), QImage.Format.Format_ARGB32_Premultiplied)
            self._trail_image.fill(Qt.GlobalColor.transparent)
            self._drawn = []
        painter = QPainter(self._trail_image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(TRAIL, 2.5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        for i, stroke in enumerate(self._strokes):
            done = self._drawn[i] if i < len(self._drawn) else 0
            if done >= len(stroke):
                continue
            start = max(0, done - 1)  # join on to what is drawn
            if len(stroke) - start == 1:
                painter.drawPoint(self.to_widget(*stroke[start]))
            else:
                path = QPainterPath(self.to_widget(*stroke[start]))
                for x, y in stroke[start + 1:]:
                    path.lineTo(self.to_widget(x, y))
                painter.drawPath(path)
            if i < len(self._drawn):
                self._drawn[i] = len(stroke)
            else:
                self._drawn.append(len(stroke))
        painter.end()

    def _paint_robot(self, painter: QPainter) -> None:
        snap = self.snapshot
        w, pose = snap.world, snap.pose
        s, _, _ = self._scale()
        painter.save()
        painter.translate(self.to_widget(pose.x, pose.y))
        painter.scale(s, -s)              # centimetres, y to the north
        painter.rotate(pose.heading)      # x ahead, y to the left
        half = w.axle / 2
        length = 1.7 * w.radius
        edge = QPen(BODY_EDGE, 0.4)
        # Distance sensors' lines of sight, faint, as far as the wall they see.
        for sensor in w.sensors:
            if sensor.kind != "distance":
                continue
            value = snap.sensors.get(sensor.pin, 0.0)
            reach = 9.0 / value if value > 0 else 40.0
            angle = math.radians(sensor.angle)
            painter.setPen(QPen(RAY, 0.6, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(sensor.forward, sensor.left),
                             QPointF(sensor.forward + reach * math.cos(angle),
                                     sensor.left + reach * math.sin(angle)))
        # Wheels, then the body between them, with its red nose ahead.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(WHEEL)
        for side in (-1, 1):
            painter.drawRoundedRect(QRectF(-2.8, side * half - 1.2, 5.6, 2.4), 0.8, 0.8)
        painter.setPen(edge)
        painter.setBrush(BODY)
        painter.drawRoundedRect(QRectF(-length / 2, -half + 1.4, length, 2 * half - 2.8), 1.5, 1.5)
        painter.setBrush(NOSE)
        nose = QPainterPath(QPointF(length / 2 - 0.2, 0))
        nose.lineTo(length / 2 - 3, 2)
        nose.lineTo(length / 2 - 3, -2)
        nose.closeSubpath()
        painter.drawPath(nose)
        # The pen, in the middle, when it is down.
        painter.setBrush(TRAIL)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(QPointF(0, 0), 1.0, 1.0)
        # Sensors: light ones show what they see; bumpers go red when pressed.
        for sensor in w.sensors:
            value = snap.sensors.get(sensor.pin, 0.0)
            at = QPointF(sensor.forward, sensor.left)
            painter.setPen(QPen(QColor("#444444"), 0.3))
            if sensor.kind == "light":
                grey = int(255 * (1 - value))
                painter.setBrush(QColor(grey, grey, grey))
                painter.drawEllipse(at, 1.2, 1.2)
            elif sensor.kind == "distance":
                painter.setBrush(QColor("#90caf9"))
                painter.drawRect(QRectF(at.x() - 0.8, at.y() - 1.5, 1.6, 3.0))
            else:
                painter.setBrush(NOSE if value > 0.5 else QColor("#9e9e9e"))
                painter.drawRect(QRectF(at.x() - 0.5, at.y() - 3, 1.0, 6.0))
        painter.restore()

    # -- dragging the robot ---------------------------------------------------------

    def _on_robot(self, x: float, y: float) -> bool:
        pose = self.snapshot.pose
        return math.hypot(x - pose.x, y - pose.y) <= max(self.snapshot.world.radius, 4.0)

    def mousePressEvent(self, event: QMouseEvent | None) -> None:  # noqa: N802 - Qt override
        if event is None or event.button() != Qt.MouseButton.LeftButton:
            return
        x, y = self.to_world(event.position())
        if self._on_robot(x, y):
            pose = self.snapshot.pose
            self._dragging = True
            self._drag_offset = (pose.x - x, pose.y - y)
            self.setCursor(Qt.CursorShape.ClosedHandCursor)

    def mouseMoveEvent(self, event: QMouseEvent | None) -> None:  # noqa: N802 - Qt override
        if event is None:
            return
        x, y = self.to_world(event.position())
        if self._dragging:
            w = self.snapshot.world
            nx = min(max(x + self._drag_offset[0], 0.0), w.width)
            ny = min(max(y + self._drag_offset[1], 0.0), w.height)
            self.live.place(Pose(nx, ny, self.snapshot.pose.heading))
            self.refresh()
        elif self._on_robot(x, y):
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        else:
            self.unsetCursor()

    def mouseReleaseEvent(self, event: QMouseEvent | None) -> None:  # noqa: N802 - Qt override
        if self._dragging:
            self._dragging = False
            self.setCursor(Qt.CursorShape.OpenHandCursor)

    def wheelEvent(self, event: QWheelEvent | None) -> None:  # noqa: N802 - Qt override
        """Over the robot, the mouse wheel turns it, 15 degrees a notch."""
        if event is None:
            return
        x, y = self.to_world(event.position())
        if not self._on_robot(x, y) or not event.angleDelta().y():
            event.ignore()
            return
        pose = self.snapshot.pose
        turn = 15 if event.angleDelta().y() > 0 else -15
        self.live.place(Pose(pose.x, pose.y, (pose.heading + turn) % 360))
        self.refresh()


class RobotPane(QWidget):
    """The pane beside the REPL when the simulator is connected: the robot, and its controls."""

    problem_found = pyqtSignal(str)   # from the world's thread, shown in the pane
    #: Where the robot is (a simulation.Frame), each 0.1 s of its time and when it is moved by
    #: hand: a lesson's robot goals follow it.
    moved = pyqtSignal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("robot_pane")
        self.live = LiveWorld(worlds.load(DEFAULT_WORLD), self.problem_found.emit)
        self.problem_found.connect(self.show_problem)
        self._shows_robot = False
        self._build()
        self.timer = QTimer(self)
        self.timer.setInterval(FRAME_MS)
        self.timer.timeout.connect(self._tick)
        self.timer.start()
        self._world_key = DEFAULT_WORLD
        self._select_world_item(DEFAULT_WORLD, "")
        self.setVisible(False)  # until the simulator is connected

    def _build(self) -> None:
        self.world_box = QComboBox()
        self.world_box.setObjectName("robot_world")
        self.world_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.world_box.setToolTip("Choose where the robot is: a track, an arena, an empty floor")
        for name in worlds.world_names():
            self.world_box.addItem(worlds.load(name).title, name)
        self.world_box.addItem(OPEN_WORLD, None)
        self.world_box.activated.connect(self._on_world_chosen)
        self.reset_button = QPushButton("Back to start")
        self.reset_button.setObjectName("robot_reset")
        self.reset_button.setToolTip("Put the robot back where it starts and wipe its drawing")
        self.reset_button.clicked.connect(self.reset)
        self.pen_box = QCheckBox("Pen down")
        self.pen_box.setObjectName("robot_pen")
        self.pen_box.setToolTip("When the pen is down, the robot draws where it goes")
        self.pen_box.setChecked(True)
        self.pen_box.toggled.connect(self.live.set_pen)
        self.clear_button = QPushButton("Clear")
        self.clear_button.setToolTip("Wipe the robot's drawing")
        self.clear_button.setObjectName("robot_clear")
        self.clear_button.clicked.connect(self.live.clear_trail)
        self.speed_box = QComboBox()
        self.speed_box.setObjectName("robot_speed")
        self.speed_box.setToolTip("How fast time goes for the robot: ×1 is real time")
        for speed in SPEEDS:
            self.speed_box.addItem(f"×{speed}", speed)
        self.speed_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.speed_box.currentIndexChanged.connect(
            lambda _i: setattr(self.live, "speed", self.speed_box.currentData()))
        self.message = QLabel("")
        self.message.setObjectName("robot_message")
        self.message.setWordWrap(True)
        self.message.hide()
        self.canvas = RobotCanvas(self.live)
        row = FlowLayout()  # wraps when narrow: the pane must not squeeze the editor
        row.setContentsMargins(4, 4, 4, 0)
        for widget in (self.world_box, self.reset_button, self.pen_box, self.clear_button,
                       self.speed_box):
            row.addWidget(widget)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addLayout(row)
        column.addWidget(self.message)
        column.addWidget(self.canvas, 1)
        theme_switch.follow(self, self.apply_theme)

    def apply_theme(self, theme: Theme | None) -> None:
        """The robot's surroundings and its messages in the theme's colours."""
        self.canvas.apply_theme(theme)
        if theme is None:
            colours = {"background": "#fde4e1", "text": "#8c1d13"}
        else:
            colours = {"background": theme.repl["background"], "text": theme.repl["error"]}
        self.message.setStyleSheet(MESSAGE_STYLE.format(**colours))

    # -- the simulator ----------------------------------------------------------------

    def make_board(self, choice: Any, again: bool = False) -> Any:
        """A board for Connect: the simulator with this pane's world, or a real robot (found
        again by its USB serial number after an unplug or a reset, when again)."""
        from snekide import connection

        board_name = getattr(choice, "board", "") or "snekboard"
        # The robot is wired to a Snekboard's motor and sensor ports: a simulated Uno has
        # nothing to drive it with, and the pane would only take the REPL's room.
        self._shows_robot = choice.kind == "simulator" and board_name == ROBOT_BOARD
        if choice.kind != "simulator":
            return (connection.make_board_again if again else connection.make_board)(choice)
        from snekide import settings
        from snekide.device.board import Board
        from snekide.device.transport import find_simulator_firmware

        transport = WorldSimulator(self.live, find_simulator_firmware(),
                                   settings.simulator_eeprom(board_name), board_name)
        return Board(transport, needs_pacing=choice.needs_pacing)

    def make_board_again(self, choice: Any) -> Any:
        return self.make_board(choice, again=True)

    def follow(self, connection: Any) -> None:
        """Show the pane while the simulator runs as a Snekboard (the robot's board); say so
        when it stops."""
        connection.connected.connect(self._on_connected)
        connection.disconnected.connect(self._on_disconnected)

    def _on_connected(self, _label: str) -> None:
        self.setVisible(self._shows_robot)
        if self._shows_robot:
            self.show_problem("")

    def _on_disconnected(self, _message: str) -> None:
        if self.isVisible() and not self.message.isVisible():
            self.show_problem(STOPPED)

    # -- controls ------------------------------------------------------------------------

    def show_world(self, name_or_path: str | Path) -> bool:
        """Put the robot in a world (a shipped one by name, or a file). False, with a message
        in the pane, if the world cannot be used; the robot then stays where it was."""
        try:
            world = worlds.load(name_or_path)
        except WorldError as error:
            self.show_problem(str(error))
            self._select_world_item(self._world_key, "")
            return False
        self.live.set_world(world)
        self._world_key = str(name_or_path)
        self.show_problem("")
        self._select_world_item(self._world_key, world.title)
        self.canvas.refresh()
        return True

    def reset(self) -> None:
        self.live.reset()
        self.canvas.refresh()

    def ask_world_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, "Open a world", "", WORLD_FILTER)
        return Path(name) if name else None

    def show_problem(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _on_world_chosen(self, index: int) -> None:
        key = self.world_box.itemData(index)
        if key is None:
            path = self.ask_world_path()
            if path is None:
                self._select_world_item(self._world_key, "")
                return
            key = str(path)
        self.show_world(key)

    def _select_world_item(self, key: str, title: str) -> None:
        """Show the world in the chooser; one from a file gets an item of its own."""
        index = self.world_box.findData(key)
        if index < 0:
            shipped = worlds.world_names()
            for i in range(self.world_box.count()):
                if self.world_box.itemData(i) not in (*shipped, None):
                    self.world_box.removeItem(i)
                    break
            self.world_box.insertItem(self.world_box.count() - 1, title, key)
            index = self.world_box.findData(key)
        self.world_box.setCurrentIndex(index)

    def _tick(self) -> None:
        for frame in self.live.take_frames():
            self.moved.emit(frame)
        if self.isVisible():
            self.canvas.refresh()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(520, 460)

    def close_world(self) -> None:
        """Stop the world's thread (when the window closes)."""
        self.timer.stop()
        self.live.close()

    def world(self) -> World:
        return self.live.snapshot().world
