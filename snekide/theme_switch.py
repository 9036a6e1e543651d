# SPDX-License-Identifier: GPL-3.0-or-later
"""Themes in the running IDE: the palette, a signal for widgets that paint their own colours,
projector mode, and the View → Theme menu. The themes themselves are read by snekide.themes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QObject, QRect, QSize, Qt, QUrl, pyqtSignal
from PyQt6.QtGui import (
    QAction, QActionGroup, QColor, QDesktopServices, QFont, QIcon, QPainter, QPalette, QPixmap,
)
from PyQt6.QtWidgets import QApplication, QMenu, QToolBar, QWidget

from snekide import themes
from snekide.themes import Choice, Theme, ThemeError

#: Projector mode makes text and buttons this much bigger.
PROJECTOR_SCALE = 1.75
#: ... and program text at least this big (points).
PROJECTOR_MIN_CODE_SIZE = 28
#: Where a widget keeps its own font size from before projector mode.
_NORMAL_SIZE = "snekide_normal_point_size"

_ROLES = {
    "window": QPalette.ColorRole.Window,
    "window_text": QPalette.ColorRole.WindowText,
    "base": QPalette.ColorRole.Base,
    "alternate_base": QPalette.ColorRole.AlternateBase,
    "text": QPalette.ColorRole.Text,
    "button": QPalette.ColorRole.Button,
    "button_text": QPalette.ColorRole.ButtonText,
    "highlight": QPalette.ColorRole.Highlight,
    "highlighted_text": QPalette.ColorRole.HighlightedText,
    "tooltip_base": QPalette.ColorRole.ToolTipBase,
    "tooltip_text": QPalette.ColorRole.ToolTipText,
    "placeholder_text": QPalette.ColorRole.PlaceholderText,
    "link": QPalette.ColorRole.Link,
}


def make_palette(theme: Theme) -> QPalette:
    """The Qt palette of a theme, with the 3D shades Qt's Fusion style draws derived from it."""
    palette = QPalette()
    for key, role in _ROLES.items():
        palette.setColor(role, QColor(theme.palette[key]))
    button = QColor(theme.palette["button"])
    for role, shade in ((QPalette.ColorRole.Light, button.lighter(150)),
                        (QPalette.ColorRole.Midlight, button.lighter(125)),
                        (QPalette.ColorRole.Mid, button.darker(130)),
                        (QPalette.ColorRole.Dark, button.darker(160)),
                        (QPalette.ColorRole.Shadow, button.darker(250)),
                        (QPalette.ColorRole.BrightText, QColor(theme.repl["error"])),
                        (QPalette.ColorRole.LinkVisited, QColor(theme.palette["link"]))):
        palette.setColor(role, shade)
    disabled = QColor(theme.palette["disabled_text"])
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return palette


class ThemeHub(QObject):
    """The IDE's current theme and projector mode. Widgets that paint colours of their own
    follow it with follow(); the View menu changes it."""

    changed = pyqtSignal(object)  # Theme, or None for Qt's own colours
    projector_changed = pyqtSignal(bool)
    problem = pyqtSignal(str)  # a theme could not be used: what happened, for the student

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.theme: Theme | None = None
        self.key = themes.DEFAULT_THEME
        self.projector = False
        self._normal_font_size = 0.0
        self.theme, _message = self._load(themes.DEFAULT_THEME)

    def _load(self, key: str) -> tuple[Theme | None, str]:
        try:
            return themes.load_theme(key)
        except ThemeError as error:  # even the day theme is unusable: Qt's own colours
            return None, str(error)

    def restore(self) -> None:
        """Apply the theme and projector mode chosen last time."""
        choice = themes.load_choice()
        self.choose(choice.theme, remember=False)
        self.set_projector(choice.projector, remember=False)

    def choose(self, key: str, remember: bool = True) -> str:
        """Switch to a theme at once; return a message if it could not be used ('' if fine)."""
        theme, message = self._load(key)
        self.theme = theme
        self.key = theme.key if theme is not None else key
        self._apply_palette()
        self.changed.emit(theme)
        if remember and not message:
            self._remember()
        if message:
            self.problem.emit(message)
        return message

    def set_projector(self, on: bool, remember: bool = True) -> None:
        """Projector mode: everything large, or back to normal."""
        app = QApplication.instance()
        if isinstance(app, QApplication) and on != self.projector:
            font = app.font()
            if on:
                self._normal_font_size = font.pointSizeF()
                font.setPointSizeF(self._normal_font_size * PROJECTOR_SCALE)
            elif self._normal_font_size > 0:
                font.setPointSizeF(self._normal_font_size)
            app.setFont(font)
        changed = on != self.projector
        self.projector = on
        if remember:
            self._remember()
        if changed:
            self.projector_changed.emit(on)

    def _remember(self) -> None:
        try:
            themes.save_choice(Choice(self.key, self.projector))
        except OSError as error:
            self.problem.emit(f"Could not remember the theme: {error.strerror or error}")

    def _apply_palette(self) -> None:
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        style = app.style()
        if style is None or style.name().lower() != "fusion":
            app.setStyle("Fusion")  # the style that paints every colour of the palette
            style = app.style()
        if self.theme is not None:
            app.setPalette(make_palette(self.theme))
        elif style is not None:
            app.setPalette(style.standardPalette())


_hub: ThemeHub | None = None


def hub() -> ThemeHub:
    """The application's one ThemeHub."""
    global _hub
    if _hub is None:
        _hub = ThemeHub(QApplication.instance())
        _hub.destroyed.connect(_forget_hub)
    return _hub


def _forget_hub() -> None:
    global _hub
    _hub = None


def follow(receiver: QObject, apply: Callable[[Theme | None], None]) -> None:
    """Call apply with the current theme now and whenever it changes (while receiver lives)."""
    _while_alive(receiver, hub().changed, apply)
    apply(hub().theme)


def follow_projector(receiver: QObject, apply: Callable[[bool], None]) -> None:
    """Call apply whenever projector mode goes on or off (while receiver lives)."""
    _while_alive(receiver, hub().projector_changed, apply)


def _while_alive(receiver: QObject, signal: Any, slot: Callable[..., None]) -> None:
    signal.connect(slot)

    def disconnect() -> None:
        try:
            signal.disconnect(slot)
        except (TypeError, RuntimeError):
            pass  # already gone with the hub

    receiver.destroyed.connect(disconnect)


# -- projector mode for a window -------------------------------------------------------------

class Projector(QObject):
    """Makes a window's own big fonts and icons bigger in projector mode, and back again.

    Text that follows the application font grows with it (ThemeHub.set_projector); this handles
    the widgets that set a font of their own, the toolbar's icons and the program text, whose
    size belongs to the editor tabs (set_code_size).
    """

    def __init__(self, root: QWidget, code_size: Callable[[], int],
                 set_code_size: Callable[[int], None], skip: tuple[type, ...] = (),
                 toolbar: QToolBar | None = None) -> None:
        super().__init__(root)  # goes with its window
        self.root = root
        self.code_size = code_size
        self.set_code_size = set_code_size
        self.skip = skip
        self.toolbar = toolbar
        self._on = False
        self._normal_code_size = 0
        self._normal_icons = toolbar.iconSize() if toolbar is not None else QSize()

    def apply(self, on: bool) -> None:
        if on == self._on:
            return
        self._on = on
        if on:
            self._normal_code_size = self.code_size()
            self.set_code_size(max(PROJECTOR_MIN_CODE_SIZE,
                                   round(self._normal_code_size * PROJECTOR_SCALE)))
        elif self._normal_code_size:
            self.set_code_size(self._normal_code_size)
        for widget in self._own_fonts():
            font = widget.font()
            normal = widget.property(_NORMAL_SIZE)
            if normal is None:
                normal = font.pointSizeF()
                widget.setProperty(_NORMAL_SIZE, normal)
            font.setPointSizeF(normal * PROJECTOR_SCALE if on else normal)
            widget.setFont(font)
        if self.toolbar is not None:
            scale = PROJECTOR_SCALE if on else 1.0
            self.toolbar.setIconSize(QSize(round(self._normal_icons.width() * scale),
                                           round(self._normal_icons.height() * scale)))

    def _own_fonts(self) -> list[QWidget]:
        widgets = []
        for widget in self.root.findChildren(QWidget):
            if not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
                continue
            if widget.property(_NORMAL_SIZE) is None and widget.font().pointSizeF() <= 0:
                continue  # sized in pixels: leave it
            if not self._skipped(widget):
                widgets.append(widget)
        return widgets

    def _skipped(self, widget: QWidget | None) -> bool:
        while widget is not None:
            if isinstance(widget, self.skip):
                return True
            widget = widget.parentWidget()
        return False


def projector_icon() -> QIcon:
    """A big and a small letter A: the projector mode button."""
    pixmap = QPixmap(64, 64)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor("#1f4fb8"))
    font = QFont()
    font.setBold(True)
    font.setPixelSize(56)
    painter.setFont(font)
    painter.drawText(QRect(14, 0, 50, 64), Qt.AlignmentFlag.AlignCenter, "A")
    font.setPixelSize(24)
    painter.setFont(font)
    painter.drawText(QRect(0, 30, 20, 34), Qt.AlignmentFlag.AlignCenter, "A")
    painter.end()
    return QIcon(pixmap)


# -- the View menu ---------------------------------------------------------------------------

class ThemeMenu(QObject):
    """View → Theme (one entry per theme file), projector mode, and the user's themes folder."""

    def __init__(self, view_menu: QMenu, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.hub = hub()
        self.menu = view_menu.addMenu("&Theme")
        assert self.menu is not None
        self.menu.aboutToShow.connect(self.refresh)
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.projector_action = QAction(projector_icon(), "Projector mode (everything big)", self)
        self.projector_action.setObjectName("projector_action")
        self.projector_action.setCheckable(True)
        self.projector_action.setToolTip("Make all the text big, for a projector or a big screen")
        self.projector_action.toggled.connect(self.hub.set_projector)
        self.hub.projector_changed.connect(self.projector_action.setChecked)
        view_menu.addAction(self.projector_action)
        self.refresh()

    def refresh(self) -> None:
        """List the theme files as they are now (a new one may have been added)."""
        assert self.menu is not None
        self.menu.clear()
        for action in self.group.actions():
            self.group.removeAction(action)
        for key, path in themes.theme_files().items():
            action = QAction(self._title(key, path), self.menu)
            action.setCheckable(True)
            action.setChecked(key == self.hub.key)
            action.setData(key)
            action.triggered.connect(lambda _checked=False, k=key: self.hub.choose(k))
            self.group.addAction(action)
            self.menu.addAction(action)
        self.menu.addSeparator()
        self.menu.addAction("Open my themes folder", self.open_user_folder)
        self.projector_action.setChecked(self.hub.projector)

    def theme_actions(self) -> list[QAction]:
        return [a for a in self.group.actions() if a.data()]

    @staticmethod
    def _title(key: str, path: object) -> str:
        try:
            return themes.read_theme(path).name  # type: ignore[arg-type]
        except ThemeError:
            return f"{key} (has a mistake)"

    def open_user_folder(self) -> None:
        folder = themes.user_themes_folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.hub.problem.emit(f"Could not make the themes folder: {error.strerror or error}")
            return
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
