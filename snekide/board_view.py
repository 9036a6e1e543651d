# SPDX-License-Identifier: GPL-3.0-or-later
"""The board view: a live picture of the connected board's pins, motors, lights and tone.

On the simulator a click on a digital pin flips its input and a slider sets an analog one,
except on the pins that the robot's world sets (its sensors: they show what they read); on
a real robot the picture follows what was typed at the REPL. The logic is in
snekide.board_watch (which board, which inputs) and snekide.board_pins (the state); this
widget draws a Picture a few dozen times a second at most, whatever the pace of events.
"""

from __future__ import annotations

from dataclasses import dataclass

from PyQt6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, pyqtSignal
from PyQt6.QtGui import (QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPainterPath,
                         QPaintEvent, QPen, QResizeEvent)
from PyQt6.QtWidgets import (QApplication, QGridLayout, QLabel, QScrollArea, QSizePolicy,
                             QSlider, QStyle, QVBoxLayout, QWidget)

from snekide import theme_switch
from snekide.board_pins import NOTHING, ROBOT, SIMULATOR, Layout, MotorLook, Picture, PinLook, PinSpot
from snekide.board_watch import BoardWatch
from snekide.connect_choices import board_name
from snekide.connection import Connection
from snekide.themes import Theme

#: Redraws at most this often (ms): events may come thousands of times a second.
FRAME_MS = 40
#: Analog sliders move in steps of 1 / SLIDER_STEPS.
SLIDER_STEPS = 100

NOTES = {
    SIMULATOR: "Click a pin to switch its input between 1 and 0; drag a slider to set what "
               "read() gives.",
    ROBOT: "This picture shows what you typed in the REPL. You cannot set a real robot's "
           "inputs from here: its sensors do that.",
    NOTHING: "Connect to a robot or the simulator to see its pins.",
}
#: On the simulator in the robot's world, where its sensors set their own pins.
WORLD_NOTE = ("Click a pin to switch its input between 1 and 0; drag a slider to set what "
              "read() gives. The robot's sensors set their own pins as it moves.")
UNKNOWN_BOARD = "The board view knows the Snekboard and the Arduino Uno, not this board."


@dataclass(frozen=True)
class Colours:
    """The [board] table of a theme (docs/themes.md)."""
    background: QColor
    board: QColor
    text: QColor
    pin_off: QColor
    pin_on: QColor
    motor: QColor

    @classmethod
    def of(cls, theme: Theme | None) -> Colours:
        table = theme.board if theme is not None else {
            "background": "#f4f5f7", "board": "#1d6b48", "text": "#1d1d1f",
            "pin_off": "#b0b4ba", "pin_on": "#f2c200", "motor": "#1f4fb8"}
        return cls(*(QColor(table[key]) for key in
                     ("background", "board", "text", "pin_off", "pin_on", "motor")))

    def lamp(self, power: float, on: bool) -> QColor:
        """A pin's light: off grey, on the 'on' colour, dimmer at lower power."""
        if not on or power <= 0:
            return self.pin_off
        t = 0.35 + 0.65 * power
        a, b = self.pin_off, self.pin_on
        return QColor(round(a.red() + (b.red() - a.red()) * t),
                      round(a.green() + (b.green() - a.green()) * t),
                      round(a.blue() + (b.blue() - a.blue()) * t))


def tile_text_width(metrics: QFontMetrics) -> int:
    """The width of the longest line a tile says, whatever its state."""
    return max(metrics.horizontalAdvance(sample) for sample in (
        "read() gives 0.00", "on · right · 100%", "playing 1000 Hz", "distance sensor"))


def _number(value: float) -> str:
    """0.25, 1, 0.3: as a student would write it."""
    return f"{value:.2f}".rstrip("0").rstrip(".") or "0"


def _colour(pixel: tuple[int, int, int]) -> str:
    """An LED's colour as the program wrote it, each part 0 to 1 (the board keeps 0 to 255)."""
    return "(" + ", ".join(_number(part / 255) for part in pixel) + ")"


def _percent(power: float) -> str:
    return f"{round(power * 100)}%"


class Tile(QWidget):
    """A card on the board: a light, a name and a line or two of state."""

    def __init__(self, name: str, colours: Colours, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.colours = colours
        self.lines: tuple[str, ...] = ()
        self.light: QColor | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        height = self.fontMetrics().height()
        return QSize(150, 14 + height * (1 + max(1, len(self.lines))))

    #: Room taken at the right of the name's line (a switch, a power bar), in line heights
    #: and pixels.
    beside_name = (0.0, 0)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Wide enough for the longest thing a tile says, and its name with what is beside."""
        metrics = self.fontMetrics()
        bold = QFont(self.font())
        bold.setBold(True)
        text = max([tile_text_width(metrics),
                    *(metrics.horizontalAdvance(line) for line in self.lines)])
        lines, pixels = self.beside_name
        name = (metrics.height() * (0.9 + lines) + 14 + pixels
                + QFontMetrics(bold).horizontalAdvance(self.name))
        return QSize(16 + max(text, round(name)), self.sizeHint().height())

    def show_look(self, picture: Picture) -> None:
        """Show what the picture says about this tile's pin, motor, lights or tone."""
        raise NotImplementedError

    def set_state(self, light: QColor | None, *lines: str) -> None:
        if (light, lines) != (self.light, self.lines):
            grow = len(lines) != len(self.lines)
            self.light, self.lines = light, lines
            self.setToolTip(f"{self.name}: " + ", ".join(lines))
            if grow:
                self.updateGeometry()
            self.update()

    def paint_card(self, painter: QPainter) -> QRectF:
        """The card and its text; the rectangle left for a picture on the right."""
        c = self.colours
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        card = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(c.background)
        painter.drawRoundedRect(card, 6, 6)
        line = self.fontMetrics().height()
        x = card.left() + 8
        if self.light is not None:
            radius = line * 0.45
            centre = QPointF(x + radius, card.top() + 7 + line / 2)
            painter.setPen(QPen(c.text, 1))
            painter.setBrush(self.light)
            painter.drawEllipse(centre, radius, radius)
            x += 2 * radius + 6
        bold = QFont(self.font())
        bold.setBold(True)
        painter.setPen(c.text)
        painter.setFont(bold)
        painter.drawText(QPointF(x, card.top() + 7 + self.fontMetrics().ascent()), self.name)
        painter.setFont(self.font())
        for i, text in enumerate(self.lines):
            painter.drawText(QPointF(card.left() + 8,
                                     card.top() + 7 + line * (i + 1) + self.fontMetrics().ascent()),
                             text)
        return card

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        self.paint_card(painter)
        painter.end()


class PinTile(Tile):
    """A pin: its output light; on the simulator a click (digital) or a slider (analog)."""

    clicked = pyqtSignal(object)          # PinSpot
    slid = pyqtSignal(object, float)      # PinSpot, value 0..1

    def __init__(self, spot: PinSpot, colours: Colours, parent: QWidget | None = None) -> None:
        super().__init__(" · ".join(spot.names), colours, parent)
        self.spot = spot
        self.setObjectName(f"pin_{spot.name}")
        if not spot.analog:
            self.beside_name = (1.4, 8)   # the switch
        self.takes_inputs = False
        self.reading = 0.0
        self.slider: QSlider | None = None
        if spot.analog:
            self.slider = QSlider(Qt.Orientation.Horizontal, self)
            self.slider.setObjectName(f"slider_{spot.name}")
            self.slider.setAccessibleName(f"{spot.name} input")
            self.slider.setRange(0, SLIDER_STEPS)
            self.slider.setToolTip(f"Drag to set what read({spot.name}) gives")
            self.slider.valueChanged.connect(
                lambda value: self.slid.emit(self.spot, value / SLIDER_STEPS))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        size = super().sizeHint()
        if self.slider is not None and not self.slider.isHidden():
            size.setHeight(size.height() + self.slider.sizeHint().height() + 4)
        return size

    def resizeEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        if self.slider is not None:
            hint = self.slider.sizeHint().height()
            self.slider.setGeometry(8, self.height() - hint - 6, self.width() - 16, hint)

    def show_look(self, picture: Picture) -> None:
        look: PinLook = picture.look(self.spot.number)
        simulator = picture.source == SIMULATOR
        self.takes_inputs = simulator and not look.held_by
        self.reading = picture.reads(self.spot)
        state = f"on · {_percent(look.power)}" if look.on else "off"
        if simulator:
            reading = f"read() gives {_number(picture.reads(self.spot))}"
        elif look.given is not None:
            reading = f"read() gave {_number(look.given)}"
        else:
            reading = ""
        held = look.held_by if simulator else ""   # 'light sensor': it sets this pin
        self.set_state(Colours.lamp(self.colours, look.power, look.on),
                       *(line for line in (state, reading, held) if line))
        self.setCursor(Qt.CursorShape.PointingHandCursor if self.takes_inputs and not
                       self.spot.analog else Qt.CursorShape.ArrowCursor)
        if self.slider is not None:
            if self.slider.isHidden() == simulator:
                self.slider.setVisible(simulator)
                self.updateGeometry()
            if self.slider.isEnabled() != self.takes_inputs:
                # The world's sensor sets this pin: the slider shows what it reads.
                self.slider.setEnabled(self.takes_inputs)
                self.slider.setToolTip(
                    f"The robot's {look.held_by} sets what read({self.spot.name}) gives"
                    if look.held_by else f"Drag to set what read({self.spot.name}) gives")
            if not self.slider.isSliderDown():
                self.slider.blockSignals(True)
                self.slider.setValue(round(picture.reads(self.spot) * SLIDER_STEPS))
                self.slider.blockSignals(False)

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        card = self.paint_card(painter)
        if self.takes_inputs and not self.spot.analog:
            # A switch on the name's line: the knob right and lit when read() gives 1.
            high = self.reading > 0.5
            height = self.fontMetrics().height() * 0.7
            pill = QRectF(card.right() - 8 - 2 * height, card.top() + 7 +
                          (self.fontMetrics().height() - height) / 2, 2 * height, height)
            painter.setPen(QPen(self.colours.text, 1))
            painter.setBrush(self.colours.pin_on if high else self.colours.pin_off)
            painter.drawRoundedRect(pill, height / 2, height / 2)
            painter.setBrush(self.colours.background)
            knob = pill.right() - height if high else pill.left()
            painter.drawEllipse(QRectF(knob + 2, pill.top() + 2, height - 4, height - 4))
        painter.end()

    def mousePressEvent(self, event: QMouseEvent | None) -> None:  # noqa: N802 - Qt override
        if (event is not None and event.button() == Qt.MouseButton.LeftButton
                and self.takes_inputs and not self.spot.analog):
            self.clicked.emit(self.spot)
            event.accept()
            return
        super().mousePressEvent(event)


class MotorTile(Tile):
    """A motor: on or off, which way, and its power as a bar."""

    def __init__(self, name: str, number: int, colours: Colours,
                 parent: QWidget | None = None) -> None:
        super().__init__(name, colours, parent)
        self.number = number
        self.look = MotorLook()
        self.setObjectName(f"motor_{name}")
        self.beside_name = (0.0, 74)   # the arrow and the power bar

    def show_look(self, picture: Picture) -> None:
        look = picture.motor(self.number)
        self.look = look
        text = f"on · {look.direction} · {_percent(look.power)}" if look.on else "off"
        self.set_state(self.colours.motor if look.on else self.colours.pin_off, text)

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        card = self.paint_card(painter)
        # On the name's line, at the right: an arrow the way it turns, then the power bar.
        middle = card.top() + 7 + self.fontMetrics().height() / 2
        bar = QRectF(card.right() - 44, middle - 4, 36, 8)
        painter.setPen(QPen(self.colours.text, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(bar)
        if self.look.on:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.colours.motor)
            painter.drawRect(QRectF(bar.left(), bar.top(), bar.width() * self.look.power,
                                    bar.height()))
            left = self.look.direction == "left"
            start, end = bar.left() - 24, bar.left() - 6
            tip, tail = (start, end) if left else (end, start)
            arrow = QPainterPath(QPointF(tail, middle))
            arrow.lineTo(QPointF(tip, middle))
            step = 5 if left else -5
            arrow.moveTo(QPointF(tip + step, middle - 4))
            arrow.lineTo(QPointF(tip, middle))
            arrow.lineTo(QPointF(tip + step, middle + 4))
            painter.setPen(QPen(self.colours.motor, 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(arrow)
        painter.end()


class LightsTile(Tile):
    """The NeoPixel strip: a swatch for each LED."""

    def __init__(self, colours: Colours, parent: QWidget | None = None) -> None:
        super().__init__("NEOPIXEL", colours, parent)
        self.setObjectName("neopixels")
        self.pixels: tuple[tuple[int, int, int], ...] = ()

    def show_look(self, picture: Picture) -> None:
        if picture.neopixels != self.pixels:
            self.pixels = picture.neopixels
            self.update()
        count = len(self.pixels)
        self.set_state(None, "off" if not count else
                       ", ".join(_colour(pixel) for pixel in self.pixels[:2])
                       + (f" and {count - 2} more" if count > 2 else ""))

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        card = self.paint_card(painter)
        # A swatch for each LED, on the name's line after the name.
        bold = QFont(self.font())
        bold.setBold(True)
        size = self.fontMetrics().height() * 0.8
        x = card.left() + 16 + QFontMetrics(bold).horizontalAdvance(self.name)
        top = card.top() + 7 + (self.fontMetrics().height() - size) / 2
        for r, g, b in self.pixels:
            if x + size > card.right() - 6:
                break
            painter.setPen(QPen(self.colours.text, 1))
            painter.setBrush(QColor(r, g, b))
            painter.drawEllipse(QRectF(x, top, size, size))
            x += size + 4
        painter.end()


class ToneTile(Tile):
    """The tone playing."""

    def __init__(self, colours: Colours, parent: QWidget | None = None) -> None:
        super().__init__("♪ tone", colours, parent)
        self.setObjectName("tone")

    def show_look(self, picture: Picture) -> None:
        hz = picture.tone
        text = "silent" if hz == 0 else "playing" if hz < 0 else f"playing {_number(hz)} Hz"
        self.set_state(self.colours.pin_on if hz else self.colours.pin_off, text)


class BoardFace(QWidget):
    """The board itself: a rounded green card that the tiles sit on."""

    resized = pyqtSignal(int)   # the new width

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour = QColor("#1d6b48")
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(14, 14, 14, 14)
        self.grid.setSpacing(6)

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(2, 2, -2, -2), 12, 12)
        painter.end()

    def resizeEvent(self, event: QResizeEvent | None) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.resized.emit(self.width())


class BoardView(QWidget):
    """The pane: a title, what can be done here, a fault if any, and the board."""

    def __init__(self, connection: Connection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board_view")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.connection = connection
        self.watch = BoardWatch(connection.side_channel)
        self.colours = Colours.of(None)
        self.tiles: list[Tile] = []
        self._layout: Layout | None = None
        self._drawn: Picture | None = None
        self._problem = ""

        self.title = QLabel()
        self.title.setObjectName("board_title")
        self.note = QLabel()
        self.note.setObjectName("board_note")
        self.notice = QLabel()
        self.notice.setObjectName("board_notice")
        for label in (self.note, self.notice):
            label.setWordWrap(True)
        self.notice.hide()
        self.face = BoardFace()
        self.face.resized.connect(lambda _width: self._place())
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.face)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 8, 8, 8)
        column.addWidget(self.title)
        column.addWidget(self.note)
        column.addWidget(self.notice)
        column.addWidget(scroll, 1)

        watch = self.watch
        self.destroyed.connect(lambda _obj=None: watch.close())
        connection.connected.connect(lambda _label: self._connected())
        connection.disconnected.connect(lambda _message: self.watch.disconnected())
        connection.line_sent.connect(lambda typed, main: self.watch.line_sent(typed.text, main))
        connection.output.connect(self.watch.output)
        self.timer = QTimer(self)
        self.timer.setInterval(FRAME_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self._theme: Theme | None = None
        self._columns = 0
        theme_switch.follow(self, self.apply_theme)
        theme_switch.follow_projector(self, lambda _on: self._style())
        self.refresh(force=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Room for two columns of tiles (a dock opens at this width)."""
        grid, outer = self.face.grid, self.layout().contentsMargins()   # type: ignore[union-attr]
        inner = grid.contentsMargins()
        tile = max((t.minimumSizeHint().width() for t in self.tiles),
                   default=16 + tile_text_width(self.fontMetrics()))
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return QSize(2 * tile + grid.horizontalSpacing() + inner.left() + inner.right()
                     + outer.left() + outer.right() + scroll_bar + 4, 560)

    # -- following the connection ------------------------------------------------------

    def _connected(self) -> None:
        self._problem = ""
        self.watch.connected(self.connection.last_choice)
        self.refresh(force=True)

    def _pin_clicked(self, spot: PinSpot) -> None:
        self._problem = self.watch.toggle(spot)
        self.refresh(force=True)

    def _pin_slid(self, spot: PinSpot, value: float) -> None:
        self._problem = self.watch.set_input(spot, value)
        self.refresh(force=True)

    # -- drawing -------------------------------------------------------------------------

    def refresh(self, force: bool = False) -> None:
        """Draw the latest picture, if it changed (and only while the pane can be seen)."""
        if not force and not self.isVisible():
            return
        picture = self.watch.picture()
        if picture is self._drawn and not force:
            return
        self._drawn = picture
        if picture.layout != self._layout:
            self._build(picture.layout)
        board = picture.layout.board
        title = board_name(board) if board else "No board"
        self.title.setText(f"{title} simulator" if picture.source == SIMULATOR else title)
        if picture.source != NOTHING and not picture.layout.pins and not picture.layout.motors:
            note = UNKNOWN_BOARD if picture.source == ROBOT else "The simulator is starting…"
        elif picture.source == SIMULATOR and picture.held:
            note = WORLD_NOTE
        else:
            note = NOTES[picture.source]
        self.note.setText(note)
        notice = self._problem or picture.notice
        self.notice.setText(notice)
        self.notice.setVisible(bool(notice))
        for tile in self.tiles:
            tile.show_look(picture)

    def _build(self, layout: Layout) -> None:
        """Tiles for a board: what it drives first (motors, lights, tone: in sight without
        scrolling on a laptop's screen), then its pins; two columns."""
        for tile in self.tiles:
            tile.setParent(None)
            tile.deleteLater()
        self.tiles = []
        self._layout = layout
        c = self.colours
        tiles: list[Tile] = [MotorTile(m.name, m.number, c) for m in layout.motors]
        if layout.neopixel is not None:
            tiles.append(LightsTile(c))
        if layout.pins or layout.motors:
            tiles.append(ToneTile(c))
        for spot in layout.pins:
            tile = PinTile(spot, c)
            tile.clicked.connect(self._pin_clicked)
            tile.slid.connect(self._pin_slid)
            tiles.append(tile)
        self.tiles = tiles
        self._columns = 0
        self._place()

    def _place(self) -> None:
        """Tiles in two columns, or one when two do not fit (a narrow pane, big text)."""
        grid = self.face.grid
        margins = grid.contentsMargins()
        room = self.face.width() - margins.left() - margins.right()
        widest = max((tile.minimumSizeHint().width() for tile in self.tiles), default=0)
        columns = 2 if room >= 2 * widest + grid.horizontalSpacing() else 1
        if columns == self._columns:
            return
        self._columns = columns
        for tile in self.tiles:
            grid.removeWidget(tile)
        for r in range(grid.rowCount()):
            grid.setRowStretch(r, 0)
        row = column = 0
        for tile in self.tiles:
            wide = isinstance(tile, LightsTile)   # room for a swatch per LED
            if wide and column:
                row, column = row + 1, 0
            grid.addWidget(tile, row, column, 1, columns if wide else 1)
            column += columns if wide else 1
            if column >= columns:
                row, column = row + 1, 0
        grid.setRowStretch(row + 1, 1)

    def tile(self, name: str) -> Tile:
        """The tile of a pin or motor by name ('D2', 'A1', 'M1', 'neopixels', 'tone')."""
        for tile in self.tiles:
            if isinstance(tile, PinTile) and name in tile.spot.names:
                return tile
            if tile.name == name or tile.objectName() == name:
                return tile
        raise KeyError(name)

    def apply_theme(self, theme: Theme | None) -> None:
        self._theme = theme
        self.colours = Colours.of(theme)
        self.face.colour = self.colours.board
        self._style()
        for tile in self.tiles:
            tile.colours = self.colours
            tile.update()
        self.face.update()
        self.refresh(force=True)

    def _style(self) -> None:
        """Colours, and text sizes from the application's font (projector mode enlarges it):
        beside a style sheet Qt ignores later font changes, so the sheet says the size."""
        theme, size = self._theme, QApplication.font().pointSizeF()
        error = theme.repl["error"] if theme is not None else "#b3261e"
        self.setStyleSheet(
            f"#board_view {{ background: {self.colours.background.name()}; }}"
            f"#board_view QLabel {{ color: {self.colours.text.name()}; font-size: {size:.1f}pt; }}"
            f"QLabel#board_title {{ font-weight: bold; font-size: {size * 1.15:.1f}pt; }}"
            f"QLabel#board_notice {{ color: {error}; font-weight: bold; }}"
            f"#board_view QScrollArea, #board_view QScrollArea > QWidget > QWidget "
            f"{{ background: transparent; }}")
        for tile in self.tiles:
            tile.updateGeometry()
        self._columns = 0
        self._place()
