# SPDX-License-Identifier: GPL-3.0-or-later
"""The main window: editor tabs beside the REPL, a toolbar of big buttons, a status bar."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from PyQt6.QtCore import QEvent, QSize, Qt
from PyQt6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QFont,
    QIcon,
    QKeySequence,
    QPalette,
    QShortcut,
    QStatusTipEvent,
)
from PyQt6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QSplitter,
    QStyle,
    QTabBar,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from snekide import (
    connect_choices,
    file_dialogs,
    run_and_put,
    session,
    settings,
    shortcuts,
    theme_switch,
)
from snekide.board_view import BoardView
from snekide.connect_menu import Connector
from snekide.connection import NOT_CONNECTED, Connection
from snekide.device import protocol
from snekide.editor import CodeEditor
from snekide.error_report import STORED, ErrorReport, StoredProgram
from snekide.editor_tabs import EditorTabs
from snekide.find_bar import FindBar
from snekide.help_pane import HelpMenu
from snekide.history_dialog import HistoryDialog
from snekide.journal import Journal
from snekide.lessons.bundle import export_lesson, is_lesson_file, open_lesson
from snekide.lessons.format import LessonError
from snekide.lessons.library import lessons_folder
from snekide.lessons.ide_link import LessonLink
from snekide.lessons.pane import LessonPane, append_to_program, lesson_widths
from snekide.plotter import Plotter
from snekide.put_history import CopyFolder
from snekide.robot.view import RobotPane
from snekide.robot_program import RobotProgram
from snekide.safe_start import SafeStart
from snekide.status_line import Badge, StatusLine

ICON = Path(__file__).resolve().parent / "icons" / "snekide.svg"
LESSON_FILTER = "Lessons (*.sneklesson *.md);;All files (*)"

#: Toolbar buttons: name, standard icon, tooltip.
BUTTONS: list[tuple[str, QStyle.StandardPixmap, str]] = [
    ("New", QStyle.StandardPixmap.SP_FileIcon, "Start a new program"),
    ("Open", QStyle.StandardPixmap.SP_DialogOpenButton, "Open a program from a file"),
    ("Save", QStyle.StandardPixmap.SP_DialogSaveButton, "Save this program to a file"),
    ("Connect", QStyle.StandardPixmap.SP_ComputerIcon,
     "Talk to the robot plugged in, or to the simulator. The arrow lists every board and port"),
    ("Run", QStyle.StandardPixmap.SP_MediaPlay,
     "Try this program on the robot now, without keeping it (F5)"),
    ("Put", QStyle.StandardPixmap.SP_ArrowRight,
     "Send this program to the robot: it runs it now and every time it starts"),
    ("Get", QStyle.StandardPixmap.SP_ArrowLeft, "Bring the robot's program into a new tab"),
    ("Stop", QStyle.StandardPixmap.SP_BrowserStop, "Stop the robot's program and its motors"),
    ("Reset", QStyle.StandardPixmap.SP_BrowserReload,
     "Restart the robot: it forgets what you typed and runs its program again"),
]


#: Status bar label styles: a coloured pill for each kind of news.
PILLS = {
    kind: f"QLabel {{ background: {bg}; color: {fg}; border-radius: 6px; padding: 2px 10px; "
          "margin: 2px 4px; }"
    for kind, bg, fg in (("good", "#dff3e0", "#1b5e20"), ("busy", "#fff3d6", "#7a4f00"),
                         ("bad", "#fde4e1", "#8c1d13"))
}


#: The tabs of the docked panes (Board, Plotter), in the palette's colours, so every theme:
#: the one in front is marked in the highlight colour. Under the high-contrast theme the style
#: drew both tabs black, and a student could not tell which pane was shown.
DOCK_TABS = """
QTabBar::tab { padding: 4px 14px; color: palette(button-text); background: palette(button);
    border: 1px solid palette(mid); border-top: none; }
QTabBar::tab:selected { background: palette(base); color: palette(text);
    border-bottom: 3px solid palette(highlight); font-weight: bold; }
"""


class MainWindow(QMainWindow):
    """Everything the student sees. Device calls go through self.connection, off the GUI thread."""

    def __init__(self, files: Iterable[Path] = (), repl: Any = None,
                 connection: Connection | None = None,
                 list_devices: Callable[[], list[Any]] | None = None,
                 list_ports: Callable[[], list[Any]] | None = None) -> None:
        super().__init__()
        self.setWindowTitle("snekide")
        if ICON.is_file():
            self.setWindowIcon(QIcon(str(ICON)))
        self._list_devices = list_devices
        self._list_ports = list_ports
        self._last_notice = ""
        #: The program being Put, until the Put is done (its errors at boot name its lines).
        self._putting: StoredProgram | None = None
        self.robot = RobotProgram()
        self.journal = Journal(settings.journal_dir())
        self.snapshots = CopyFolder(settings.snapshots_dir())
        self.history = CopyFolder(settings.history_dir())
        self.tabs = EditorTabs(self.journal, self.snapshots,
                               lambda title, text: self.confirm(title, text))
        self.find_bar = FindBar(self.tabs.current)
        if repl is None:
            from snekide.repl_pane import ReplPane

            repl = ReplPane()
        self.repl = repl
        self.robot_pane = RobotPane()  # the simulated robot, shown while on the simulator
        self.connection = connection if connection is not None else Connection()
        # A robot whose cable was pulled, or that restarted, is found again by
        # its USB serial number; the REPL keeps what it shows.
        self.connection.auto_reconnect = True
        self.connection.setParent(self)
        self.lesson_pane = LessonPane()
        self.themes = theme_switch.hub()
        self.connector = Connector(self.connection, self.devices, self.serial_ports,
                                   lambda choice, ask: self._start(choice, ask),
                                   lambda choices: self.choose_device(choices),
                                   lambda message: self._notice(message), self)
        self.safe_start = SafeStart(self.connection, self._starting_without_program,
                                    self._tell, self)
        self._build_layout()
        self._build_actions()
        self._build_status_bar()
        self._wire()
        restored = self._restore_tabs()
        for path in files:
            if is_lesson_file(Path(path)):
                self.open_lesson(Path(path))
            else:
                self.open_program(Path(path))
        if self.tabs.count() == 0:
            self.tabs.add_buffer()
        #: Said again once connected (connecting clears the message line).
        self._welcome = restored
        if restored:
            self.show_message(restored)
        self._update_status()
        self.resize(1200, 760)
        self.splitter.setSizes([0, 680, 520] if self.lesson_pane.isHidden() else lesson_widths(
            1200, self.lesson_pane.minimumSizeHint().width()))

    # -- building ------------------------------------------------------------

    def _build_layout(self) -> None:
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.tabs)
        column.addWidget(self.find_bar)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.lesson_pane.hide()  # until a lesson is opened
        self.splitter.addWidget(self.lesson_pane)
        self.splitter.addWidget(left)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.robot_pane)
        right.addWidget(self.repl)
        right.setChildrenCollapsible(False)
        right.setSizes([420, 300])
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 2)
        self.splitter.setChildrenCollapsible(False)
        self.setCentralWidget(self.splitter)

    def _build_actions(self) -> None:
        self.toolbar = QToolBar("Buttons")
        self.toolbar.setObjectName("buttons")
        self.toolbar.setMovable(False)
        self.toolbar.setIconSize(QSize(36, 36))
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        font = QFont(self.font())
        font.setPointSize(14)
        font.setBold(True)
        self.toolbar.setFont(font)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)
        handlers: dict[str, Callable[[], object]] = {
            "New": self.new_program, "Open": self.open_program, "Save": self.save_program,
            "Connect": self.connect_device, "Run": self.run_program, "Put": self.put_program,
            "Get": self.get_program,
            "Stop": self.stop_program, "Reset": self.reset_board,
        }
        self.actions_by_name: dict[str, QAction] = {}
        style = self.style()
        for name, pixmap, tip in BUTTONS:
            icon = style.standardIcon(pixmap) if style is not None else QIcon()
            action = QAction(icon, name, self)
            action.setToolTip(tip)
            action.setStatusTip(tip)
            handler = handlers[name]
            action.triggered.connect(lambda _checked=False, h=handler: h())
            self.actions_by_name[name] = action
            if name in ("Connect", "Run"):
                self.toolbar.addSeparator()
            self.toolbar.addAction(action)
            button = self.toolbar.widgetForAction(action)
            if button is not None:
                button.setObjectName(f"{name.lower()}_button")
                button.setMinimumWidth(84)
        theme_switch.follow(self, self._apply_theme)
        for name, key in (("New", QKeySequence.StandardKey.New),
                          ("Open", QKeySequence.StandardKey.Open),
                          ("Save", QKeySequence.StandardKey.Save)):
            self.actions_by_name[name].setShortcut(key)
        for name, key_name in shortcuts.COMMAND_KEYS.items():
            self.actions_by_name[name].setShortcut(QKeySequence(key_name))
        for action in self.actions_by_name.values():
            key_text = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(shortcuts.tip_with_key(action.toolTip(), key_text))
        connect_button = self.button("Connect")
        connect_button.setMenu(self.connector.menu)
        connect_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        # Escape stops the robot from the editor too (the REPL and the find bar have their own).
        QShortcut(QKeySequence("Escape"), self.tabs, self.stop_program,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._build_menus()

    def _build_menus(self) -> None:
        bar = self.menuBar()
        assert bar is not None
        file_menu = bar.addMenu("&File")
        edit_menu = bar.addMenu("&Edit")
        view_menu = bar.addMenu("&View")
        robot_menu = bar.addMenu("&Robot")
        assert file_menu is not None and edit_menu is not None and robot_menu is not None
        assert view_menu is not None
        for name in ("New", "Open", "Save"):
            file_menu.addAction(self.actions_by_name[name])
        file_menu.addAction("Save as…", QKeySequence.StandardKey.SaveAs,
                            lambda: self.save_program(save_as=True))
        file_menu.addAction("Close tab", QKeySequence.StandardKey.Close,
                            lambda: self.tabs.close_tab(self.tabs.currentIndex()))
        file_menu.addSeparator()
        file_menu.addAction("Open lesson…", lambda: self.open_lesson())
        self.share_lesson_action = QAction("Share lesson…", self)
        self.share_lesson_action.triggered.connect(lambda _checked=False: self.share_lesson())
        self.share_lesson_action.setEnabled(False)
        file_menu.addAction(self.share_lesson_action)
        file_menu.addAction("The robot's earlier programs…", self.show_history)
        file_menu.addSeparator()
        file_menu.addAction("Quit", QKeySequence.StandardKey.Quit, self.close)

        def on_editor(method: str) -> Callable[[], None]:
            def call() -> None:
                editor = self.tabs.current()
                if editor is not None:
                    getattr(editor, method)()
            return call

        # No shortcuts here: the editor and the REPL each handle their own Ctrl+Z, Ctrl+C...
        edit_menu.addAction("Undo", on_editor("undo"))
        edit_menu.addAction("Redo", on_editor("redo"))
        edit_menu.addSeparator()
        edit_menu.addAction("Cut", on_editor("cut"))
        edit_menu.addAction("Copy", on_editor("copy"))
        edit_menu.addAction("Paste", on_editor("paste"))
        edit_menu.addSeparator()
        edit_menu.addAction("Find…", QKeySequence.StandardKey.Find, self.find_bar.open)
        edit_menu.addAction("Replace…", QKeySequence("Ctrl+H"),
                            lambda: self.find_bar.open(replace=True))
        edit_menu.addSeparator()
        edit_menu.addAction("Bigger text", on_editor("zoom_in"))
        edit_menu.addAction("Smaller text", on_editor("zoom_out"))
        for name in ("Connect", "Run", "Put", "Get", "Stop", "Reset"):
            robot_menu.addAction(self.actions_by_name[name])
        robot_menu.addAction(self.safe_start.action)
        robot_menu.addSeparator()
        robot_menu.addAction("Clear the REPL", self.repl.clear_screen)
        robot_menu.addAction("Install Snek on a board…", self.install_snek)
        self.theme_menu = theme_switch.ThemeMenu(view_menu, self)
        # The board's pins and the plotter, docked beside the REPL; View shows and hides them.
        view_menu.addSeparator()
        self.board_view, self.plotter = BoardView(self.connection), Plotter()
        docks = []
        for title, pane in (("Board", self.board_view), ("Plotter", self.plotter)):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{pane.objectName()}_dock")
            dock.setWidget(pane)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.hide()
            action = dock.toggleViewAction()
            assert action is not None
            # Chosen from View, a pane comes to the front of its tabs.
            action.triggered.connect(lambda shown, dock=dock: shown and self._bring_dock(dock))
            view_menu.addAction(action)
            docks.append(dock)
        # Both open, they take turns as tabs: on a laptop's screen each needs the height
        # (stacked, the graph was a strip of 100 pixels and the board showed six pins).
        self.tabifyDockWidget(*docks)
        for dock in docks:   # their tab bar is made when both show: mark it then
            dock.visibilityChanged.connect(self._mark_dock_tabs)
        projector = self.theme_menu.projector_action
        projector.setIconText("Big")
        self.toolbar.addSeparator()
        self.toolbar.addAction(projector)  # one click for a projector
        self.projector = theme_switch.Projector(
            self, lambda: self.tabs.font_size, self.tabs.set_font_size,
            skip=(CodeEditor, type(self.repl)), toolbar=self.toolbar)
        bar.addMenu(self.connector.menu)
        self.help_menu = HelpMenu(lambda: connect_choices.board_of(self.connection.last_choice)
                                  or connect_choices.DEFAULT_BOARD, bar,
                                  self.windowIcon(), self)
        bar.addMenu(self.help_menu)

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        assert bar is not None
        font = QFont(self.font())
        font.setPointSize(12)
        bar.setFont(font)
        self.board_status = Badge("Not connected")
        self.board_status.setObjectName("board_status")
        self.board_status.setStyleSheet(PILLS["bad"])
        self.program_status = Badge("")
        self.program_status.setObjectName("program_status")
        self.message = StatusLine()
        self.message.setObjectName("message")
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # may quote a lesson or a file name
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(200)
        self.progress.hide()
        for label in (self.board_status, self.program_status, self.message):
            label.setFont(font)
        bar.addWidget(self.board_status)
        bar.addWidget(self.program_status)
        bar.addWidget(self.message, 1)
        self.safe_start.button.setFont(font)
        bar.addPermanentWidget(self.safe_start.button)
        bar.addPermanentWidget(self.progress)

    def _wire(self) -> None:
        c = self.connection
        c.output.connect(self.repl.show_output)
        c.prompt.connect(self.repl.set_ready)
        c.line_sent.connect(lambda tag, main: self.repl.line_sent(tag.text, main))
        c.lines_dropped.connect(lambda tags: self.repl.lines_dropped([t.text for t in tags]))
        c.error_found.connect(self._on_error)
        c.booted.connect(self.repl.set_busy)  # its stored program runs first
        c.stored_program = self._stored_program
        c.connected.connect(self._on_connected)
        c.disconnected.connect(self._on_disconnected)
        c.problem.connect(self._on_problem)
        c.busy_changed.connect(self._on_busy)
        self.repl.line_entered.connect(self._on_line_entered)
        self.repl.lines_pasted.connect(self._on_lines_pasted)
        self.repl.interrupt_requested.connect(self.stop_program)
        self.repl.cancel_requested.connect(self.connection.cancel)
        self.tabs.current_changed.connect(self._update_status)
        self.tabs.font_size_changed.connect(self.repl.set_font_size)
        self.repl.set_font_size(self.tabs.font_size)
        self.tabs.journal_failed.connect(self.show_message)
        c.output.connect(self.lesson_pane.output_seen)
        c.output.connect(self.plotter.take_output)
        self.lesson_link = LessonLink(self)  # Try it, the lesson's board and world, its goals
        self.lesson_pane.copy_code.connect(self._copy_lesson_code)
        self.lesson_pane.closed.connect(lambda: self.share_lesson_action.setEnabled(False))
        self.themes.problem.connect(self.show_message)
        self.themes.projector_changed.connect(self.projector.apply)
        self.themes.restore()
        self.projector.apply(self.themes.projector)
        self.robot_pane.follow(c)
        self.safe_start.follow()  # last: its advice comes after what the window says

    # -- small helpers (tests replace the dialogs) ---------------------------

    def button(self, name: str) -> QToolButton:
        """The toolbar button called name (New, Open, Save, Connect, Put, Get, Stop, Reset)."""
        widget = self.toolbar.widgetForAction(self.actions_by_name[name])
        assert isinstance(widget, QToolButton)
        return widget

    def editor(self) -> CodeEditor:
        """The editor of the current tab."""
        editor = self.tabs.current()
        assert editor is not None
        return editor

    def confirm(self, title: str, text: str) -> bool:
        """Ask a yes/no question before something is replaced or thrown away."""
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def ask_open_path(self) -> Path | None:
        return file_dialogs.ask_open_path(self)

    def ask_lesson_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, "Open a lesson", str(lessons_folder()),
                                              LESSON_FILTER)
        return Path(name) if name else None

    def ask_share_path(self, suggestion: str) -> Path | None:
        start = settings.programs_dir() / suggestion
        name, _ = QFileDialog.getSaveFileName(self, "Share the lesson as one file", str(start),
                                              "Lessons (*.sneklesson)")
        return Path(name) if name else None

    def ask_save_path(self, suggestion: str) -> Path | None:
        return file_dialogs.ask_save_path(self, suggestion, self.confirm)

    def choose_device(self, choices: list[Any]) -> Any | None:
        """Pick a device: straight away when there is only one, else from a menu."""
        if len(choices) == 1:
            return choices[0]
        menu = QMenu(self)
        menu.setFont(self.toolbar.font())
        for choice in choices:
            menu.addAction(choice.label).setData(choice)
        button = self.button("Connect")
        picked = menu.exec(button.mapToGlobal(button.rect().bottomLeft()))
        return picked.data() if picked is not None else None

    def show_message(self, text: str) -> None:
        self.message.setText(text)

    def event(self, event: QEvent | None) -> bool:  # noqa: N802 - Qt override
        # A command's tip goes in the message line, not over the status bar's badges.
        if isinstance(event, QStatusTipEvent):
            self.message.show_tip(event.tip())
            return True
        return super().event(event)

    # -- files ---------------------------------------------------------------

    def new_program(self) -> CodeEditor:
        current = self.tabs.current()
        if current is not None and self.tabs.is_blank(current):
            current.setFocus()
            return current
        editor = self.tabs.add_buffer()
        editor.setFocus()
        return editor

    def open_program(self, path: Path | None = None) -> CodeEditor | None:
        if path is None:
            path = self.ask_open_path()
            if path is None:
                return None
        existing = self.tabs.find_path(path)
        if existing is not None:
            self.tabs.setCurrentWidget(existing)
            return existing
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            self.show_message(f"Could not open {path.name}: {getattr(error, 'strerror', None) or error}")
            return None
        current = self.tabs.current()
        if current is not None and self.tabs.is_blank(current) and not current.document().isModified():
            self.tabs.removeTab(self.tabs.indexOf(current))
            self.journal.forget(current.buffer_id)
            current.deleteLater()
        editor = self.tabs.add_buffer(text, path)
        self.show_message(f"Opened {path.name}")
        return editor

    def save_program(self, save_as: bool = False) -> bool:
        editor = self.tabs.current()
        if editor is None:
            return False
        path = editor.path
        if path is None or save_as:
            path = self.ask_save_path(path.name if path else "program.py")
            if path is None:
                return False
        try:
            self.tabs.save(editor, path)
        except OSError as error:
            self.show_message(f"Could not save {path.name}: {error.strerror or error}")
            return False
        self.show_message(f"Saved {path.name}")
        return True

    # -- lessons -------------------------------------------------------------

    def open_lesson(self, path: Path | None = None) -> bool:
        """Show a lesson beside the editor; a broken or unsafe one is refused, saying why."""
        if path is None:
            path = self.ask_lesson_path()
            if path is None:
                return False
        try:
            loaded = open_lesson(path)
        except LessonError as error:
            self.lesson_pane.show_problem(f"Could not open {path.name}", str(error))
            self._show_lesson_pane()
            self.share_lesson_action.setEnabled(False)
            self.show_message(f"Could not open the lesson {path.name}.")
            return False
        self.lesson_pane.show_lesson(loaded)
        self._show_lesson_pane()
        self.share_lesson_action.setEnabled(True)
        self.show_message(f"Opened the lesson {loaded.lesson.title}")
        return True

    def _mark_dock_tabs(self) -> None:
        for bar in self.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if bar.styleSheet() != DOCK_TABS:
                bar.setStyleSheet(DOCK_TABS)

    def _bring_dock(self, dock: QDockWidget) -> None:
        """A dock chosen from View comes to the front of its tabs, as wide as the widest of
        them asks (the board's two columns); beside a lesson at most a quarter of the window,
        and 300 pixels or more: on a laptop, the lesson, the editor and the REPL keep room."""
        dock.raise_()
        width = max(pane.sizeHint().width() for pane in (dock, *self.tabifiedDockWidgets(dock))
                    if pane is dock or pane.toggleViewAction().isChecked())  # open, maybe behind
        if self.lesson_pane.isVisible():
            width = max(300, min(width, self.width() // 4))
        self.resizeDocks([dock], [width], Qt.Orientation.Horizontal)

    def _show_lesson_pane(self) -> None:
        if self.lesson_pane.isHidden():
            self.lesson_pane.show()
            self.splitter.setSizes(lesson_widths(sum(self.splitter.sizes()),
                                                 self.lesson_pane.minimumSizeHint().width()))

    def share_lesson(self) -> None:
        """Save the open lesson and its pictures as one .sneklesson file to hand out."""
        loaded = self.lesson_pane.loaded
        if loaded is None:
            return
        name = (loaded.source.stem if loaded.source is not None else "lesson") + ".sneklesson"
        path = self.ask_share_path(name)
        if path is None:
            return
        try:
            written = export_lesson(loaded, path)
        except OSError as error:
            self.show_message(f"Could not save {path.name}: {error.strerror or error}")
            return
        self.show_message(f"Saved {written.name}: send this one file to share the lesson.")

    def _copy_lesson_code(self, code: str) -> None:
        editor = self.tabs.current() or self.new_program()
        append_to_program(editor, code)
        self.tabs.setCurrentWidget(editor)
        editor.setFocus()
    def show_history(self) -> None:
        """The copies kept at each Put; the one picked opens in a new tab."""
        dialog = HistoryDialog(self.history, self)
        dialog.open_requested.connect(self._open_copy)
        dialog.exec()

    def _open_copy(self, text: str, name: str) -> None:
        editor = self.tabs.add_buffer(text, modified=True, name=name)
        editor.setFocus()
        self.show_message(f"Here is {name}. Save it to keep it as a file.")

    def _restore_tabs(self) -> str:
        """Bring back the tabs of last time; return what to tell the student ('' if none)."""
        tabs, notes = session.tabs_to_restore(self.journal.start())
        for tab in tabs:
            self.tabs.add_buffer(tab.text, tab.path, modified=tab.modified,
                                 buffer_id=tab.buffer_id, name=tab.name)
        current = settings.Preferences().get(session.CURRENT_TAB)
        for editor in self.tabs.editors():
            if editor.buffer_id == current:
                self.tabs.setCurrentWidget(editor)
        if not tabs:
            return ""
        return " ".join([session.WELCOME_BACK, *notes])

    # -- the robot -----------------------------------------------------------

    def devices(self) -> list[Any]:
        """The simulator and the boards recognised by their USB ids."""
        if self._list_devices is not None:
            return self._list_devices()
        from snekide.device.usb import list_devices

        return list_devices()

    def serial_ports(self) -> list[Any]:
        """Every other serial port (unknown USB ids, built-in ports)."""
        if self._list_ports is not None:
            return self._list_ports()
        from serial.tools import list_ports

        return connect_choices.other_ports(list_ports.comports())

    def connect_device(self) -> None:
        """The Connect button: see connect_choices.plan_connect."""
        self.connector.connect_pressed()

    def connect_default(self, given: Any = None) -> None:
        """At start: the board given on the command line, else the one remembered or
        plugged in (see connect_choices.plan_start)."""
        self.connector.connect_at_start(given)

    def _start(self, choice: Any, ask: bool = True) -> None:
        if ask and getattr(choice, "generic_bridge", False) and not self.confirm(
                "Is this your robot?",
                f"{choice.label} is a USB cable adapter. It may be a robot, or something else. "
                "Connect to it?"):
            return
        self._set_board(f"Connecting to {choice.label}…", "busy")
        self.repl.set_busy()
        self.robot.forget()
        self.connection.connect_to(choice)

    def install_snek(self) -> None:
        """Robot → Install Snek on a board…: the dialog lends itself the REPL's connection."""
        from snekide.flash.dialog import open_dialog

        open_dialog(self)

    def run_program(self) -> None:
        """Run (F5): stop what runs, then try the editor's program on the robot, not kept."""
        editor = self.tabs.current()
        if editor is None:
            return
        name = self.tabs.title(editor)
        job = self.connection.run_program(editor.text(), name, editor.buffer_id)
        if job is None:
            return
        self.repl.set_busy()
        self.repl.show_note(run_and_put.running_note(name))
        self.show_message("")

    def put_program(self) -> None:
        editor = self.tabs.current()
        if editor is None:
            return
        if not self.connection.is_connected:
            self._on_problem(NOT_CONNECTED)
            return
        text = protocol.program_text(editor.text())
        name, buffer_id = self.tabs.title(editor), editor.buffer_id
        if run_and_put.is_empty(text):
            if not self.confirm(run_and_put.EMPTY_PUT_TITLE, run_and_put.EMPTY_PUT_QUESTION):
                self.show_message(run_and_put.EMPTY_PUT_KEPT)
                return
            text = ""
        else:
            problem = run_and_put.compile_problem(text, name, buffer_id, self.connection.errors)
            if problem is not None:
                self.repl.show_note(run_and_put.not_sent_note(problem))
                self._on_error(problem)
                self.show_message(run_and_put.not_sent_status(problem))
                return
        try:
            self.history.keep(text, name)
        except OSError as error:
            self.show_message(f"Could not keep a copy of the program: {error}")
        job = self.connection.put(text)
        if job is None:
            return
        self._putting = StoredProgram(name, text, buffer_id)
        self.show_message("Sending the program to the robot…")
        self.progress.setRange(0, 0)
        self.progress.show()
        job.progress.connect(self._on_progress)
        job.succeeded.connect(lambda result: self._on_put_done(result, text, buffer_id))
        job.failed.connect(lambda _message: setattr(self, "_putting", None))
        job.finished.connect(self.progress.hide)

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)

    def _on_put_done(self, result: Any, text: str, buffer_id: str) -> None:
        self._putting = None
        if getattr(result, "verified", False):
            self.robot.stored(text, buffer_id, "Put")
        else:
            self.robot.forget()
        note = run_and_put.put_note(getattr(result, "message", ""))
        if note is not None:
            self.repl.show_note(note)
        self.show_message(getattr(result, "message", "") or "Put finished.")
        self._update_status()

    def get_program(self) -> None:
        job = self.connection.get()
        if job is None:
            return
        self.show_message("Reading the robot's program…")
        job.succeeded.connect(self._on_got)

    def _on_got(self, text: str) -> None:
        current = self.tabs.current()
        if current is not None and self.tabs.is_blank(current):
            current.set_text(text, modified=True)
            current.untitled_name = "From the robot"
            editor = current
        else:
            if current is not None and self.tabs.is_unsaved(current):
                try:
                    self.snapshots.keep(current.text(), f"before-get-{self.tabs.title(current)}")
                except OSError:
                    pass  # the text also stays in its tab and in the journal
            editor = self.tabs.add_buffer(text, modified=True, name="From the robot")
        self.tabs.journal_buffer(editor)
        self.robot.stored(text, editor.buffer_id, "Get")
        self.show_message("Here is the robot's program." if text.strip()
                          else "The robot has no program yet.")
        self._update_status()

    def stop_program(self) -> None:
        job = self.connection.stop()
        if job is not None:
            self.show_message("Stopping…")
            job.succeeded.connect(lambda _r: self.show_message("Stopped."))

    def reset_board(self) -> None:
        job = self.connection.reset()
        if job is None:
            return
        self.repl.set_busy()
        self.show_message("Restarting the robot…")
        job.succeeded.connect(self._on_reset_done)

    def _starting_without_program(self) -> None:
        """Robot → Start without the robot's program: the board restarts (safe_start)."""
        self._set_board("Starting without the robot's program…", "busy")
        self.repl.set_busy()
        self.show_message("")

    def _on_reset_done(self, at_prompt: object) -> None:
        if at_prompt is False:
            self.show_message("The robot restarted and is running its program. "
                              "Press Stop to stop it.")
        else:
            self.show_message("The robot restarted.")

    # -- signals from the connection and the REPL ----------------------------

    def _on_line_entered(self, text: str, answer: bool) -> None:
        self._last_notice = ""
        if self.connection.type_line(text, answer) is None and not answer:
            self.repl.lines_dropped([text])

    def _on_lines_pasted(self, lines: list[str]) -> None:
        self._last_notice = ""
        if not self.connection.type_lines(lines):
            self.repl.lines_dropped(lines)

    def _on_error(self, report: ErrorReport) -> None:
        """An error from the robot, or found before Put: in the REPL, and marked in the editor
        when it names a line of one of its tabs."""
        if report.kind == STORED:
            self.repl.show_note(run_and_put.stored_error_note(report))
            return
        self.repl.show_error(report)
        if report.buffer_id is None or not report.line:
            return
        for editor in self.tabs.editors():
            if editor.buffer_id == report.buffer_id:
                self.tabs.setCurrentWidget(editor)
                editor.show_line(report.line)
                break

    def _stored_program(self) -> StoredProgram | None:
        """The robot's stored program as the IDE knows it (for its errors at boot)."""
        if self._putting is not None:
            return self._putting
        if self.robot.text is None:
            return None
        for editor in self.tabs.editors():
            if editor.buffer_id == self.robot.buffer_id:
                return StoredProgram(self.tabs.title(editor), self.robot.text, editor.buffer_id)
        return StoredProgram("the robot's program", self.robot.text)

    def _on_connected(self, label: str) -> None:
        self._set_board(f"Connected: {label}", "good")
        self._last_notice = ""
        self.show_message(self._welcome)
        self._welcome = ""
        self._update_status()

    def _on_disconnected(self, message: str) -> None:
        self._notice(message)
        self._set_board("Not connected", "bad")
        self.repl.set_busy()
        self.robot.forget()
        self._update_status()

    def _notice(self, message: str) -> None:
        """Tell the student in the REPL (once, if the same thing happens twice in a row)."""
        if message != self._last_notice:
            self.repl.show_note(message)
        self._last_notice = message
        self.show_message(message)

    def _tell(self, note: str, status: str) -> None:
        """A note in the REPL, and a short line in the status bar."""
        self.repl.show_note(note)
        self._last_notice = note
        self.show_message(status)

    def _on_problem(self, message: str) -> None:
        self._notice(message)
        if not self.connection.is_connected:
            self._set_board("Not connected", "bad")
        self._update_status()

    def _on_busy(self, busy: bool) -> None:
        for name in ("Put", "Get", "Reset"):
            self.actions_by_name[name].setEnabled(not busy)

    def _apply_theme(self, theme: Any) -> None:
        stop = self.button("Stop")
        palette = stop.palette()
        palette.setColor(QPalette.ColorRole.ButtonText,
                         QColor(theme.repl["error"] if theme is not None else "#b3261e"))
        stop.setPalette(palette)

    def _set_board(self, text: str, kind: str) -> None:
        self.board_status.setText(text)
        self.board_status.setStyleSheet(PILLS[kind])

    def _update_status(self) -> None:
        editor = self.tabs.current()
        if editor is not None:
            self.setWindowTitle(f"{self.tabs.title(editor)} – snekide")
        if editor is None or not self.connection.is_connected:
            self.program_status.setText("")
            self.program_status.hide()
            return
        text = self.robot.describe(editor.text(), editor.buffer_id)
        self.program_status.setText(text)
        self.program_status.setStyleSheet(PILLS["good" if self.robot.matches(editor.text())
                                                else "busy"])
        self.program_status.show()

    # -- closing -------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent | None) -> None:  # noqa: N802 - Qt override
        if event is None:
            return
        if self._keep_session():
            self.tabs.timer.stop()
            self.connection.close()
            event.accept()
            return
        unsaved = [e for e in self.tabs.editors() if self.tabs.is_unsaved(e)]
        keep_journal = False
        if unsaved:
            names = ", ".join(self.tabs.title(e) for e in unsaved)
            if not self.confirm("Quit without saving?",
                                f"Not saved yet: {names}.\nQuit anyway?\n\n"
                                "(A copy is kept in the snapshots folder.)"):
                event.ignore()
                return
            try:
                for editor in unsaved:
                    self.snapshots.keep(editor.text(), f"quit-{self.tabs.title(editor)}")
            except OSError:
                keep_journal = True  # no copy was made: the next start brings the text back
        self.tabs.timer.stop()
        if keep_journal:
            self.tabs.journal_changes()
        else:
            self.journal.close()
        self.connection.close()
        self.robot_pane.close_world()
        event.accept()

    def _keep_session(self) -> bool:
        """Journal every tab for the next start (nothing to ask then); False if it failed."""
        if not self.tabs.journal_all():
            return False
        try:
            self.journal.park()
        except OSError:
            return False
        current = self.tabs.current()
        if current is not None:
            try:
                settings.Preferences().set(session.CURRENT_TAB, current.buffer_id)
            except OSError:
                pass  # the tabs still come back, the first one current
        return True
