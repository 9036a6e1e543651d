# SPDX-License-Identifier: GPL-3.0-or-later
"""The lesson pane beside the editor: one step at a time, Try it and Copy to my program for each
snek block, a ✓ when a step's check is met, and progress kept between sessions."""

from __future__ import annotations

import html
import posixpath
from pathlib import Path
from urllib.parse import unquote

from PyQt6.QtCore import QSize, Qt, QUrl, pyqtSignal
from PyQt6.QtGui import (
    QDesktopServices,
    QFontDatabase,
    QImage,
    QResizeEvent,
    QTextCursor,
    QTextDocument,
)
from PyQt6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from snekide import settings, theme_switch
from snekide.flow_layout import FlowLayout
from snekide.highlighter import SnekHighlighter
from snekide.lessons.bundle import LoadedLesson
from snekide.lessons.checks import RobotSample, StepWatch
from snekide.lessons.format import CodeBlock, Prose, Step
from snekide.lessons.progress import Progress
from snekide.repl_pane import ReplPane
from snekide.themes import Theme

#: Pictures are shrunk to at most this wide (pixels) to fit the pane.
MAX_PICTURE_WIDTH = 420
CODE_FONT_SIZE = 12
DONE = "✓"


def progress_dir() -> Path:
    """Where each lesson's progress is kept."""
    return settings.data_dir() / "lessons"


# -- what the buttons do to the rest of the IDE ----------------------------------------------

def run_in_repl(repl: ReplPane, code: str) -> None:
    """Type code into the REPL and run it, line by line, as if the student had; what the
    student was typing there stays."""
    repl.type_text(code)


def append_to_program(editor: QPlainTextEdit, code: str) -> None:
    """Add code at the end of the program, after a blank line, as one step Undo takes back."""
    text = editor.toPlainText()
    if not text.strip():
        lead = ""
    elif text.endswith("\n\n"):
        lead = ""
    else:
        lead = "\n" if text.endswith("\n") else "\n\n"
    cursor = QTextCursor(editor.document())
    cursor.movePosition(QTextCursor.MoveOperation.End)
    if not text.strip():
        cursor.movePosition(QTextCursor.MoveOperation.Start, QTextCursor.MoveMode.KeepAnchor)
    cursor.beginEditBlock()
    cursor.insertText(lead + code)
    cursor.endEditBlock()
    editor.setTextCursor(cursor)
    editor.ensureCursorVisible()


def lesson_widths(total: int, smallest: int) -> list[int]:
    """How a window's width is shared when a lesson opens: the lesson, the editor, and the
    robot with the REPL. The editor gets the most: the student's program is written there."""
    lesson = max(smallest, round(total * 0.28))
    editor = max(round((total - lesson) * 0.55), 0)
    return [lesson, editor, max(total - lesson - editor, 0)]


# -- the parts of a page ---------------------------------------------------------------------

class ProseView(QTextBrowser):
    """Sanitized lesson text. Loads nothing but the lesson's own pictures; links open in the web
    browser, never here. As tall as its text, so the page scrolls as one."""

    def __init__(self, html: str, pictures: dict[str, bytes],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pictures = pictures
        self.source_html = html
        self._picture_width = MAX_PICTURE_WIDTH
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.anchorClicked.connect(self._open_link)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.text_document().setDocumentMargin(2)
        self.setHtml(html)
        self.text_document().contentsChanged.connect(self._fit)

    def text_document(self) -> QTextDocument:
        document = self.document()
        assert document is not None
        return document

    def loadResource(self, kind: int, url: QUrl) -> object:  # noqa: N802 - Qt override
        if kind != QTextDocument.ResourceType.ImageResource.value:
            return None
        name = posixpath.normpath(unquote(url.toString()))
        data = self._pictures.get(name)
        if data is None:
            return None
        image = QImage.fromData(data)
        if image.width() > self._picture_width:
            image = image.scaledToWidth(self._picture_width,
                                        Qt.TransformationMode.SmoothTransformation)
        return image

    @staticmethod
    def _open_link(url: QUrl) -> None:
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)

    def resizeEvent(self, event: QResizeEvent | None) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        viewport = self.viewport()
        width = viewport.width() if viewport is not None else self.width()
        fits = max(80, min(MAX_PICTURE_WIDTH, width - 8))
        if "<img" in self.source_html and abs(fits - self._picture_width) > 8:
            self._picture_width = fits
            self.setHtml(self.source_html)  # pictures load again, shrunk to the new width
        self.text_document().setTextWidth(width)
        height = int(self.text_document().size().height()) + 2 * self.frameWidth() + 2
        if height != self.height():
            self.setFixedHeight(height)


class CodeView(QWidget):
    """A snek block: the code, coloured, with Try it and Copy to my program."""

    try_clicked = pyqtSignal(str)
    copy_clicked = pyqtSignal(str)

    def __init__(self, block: CodeBlock, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.block = block
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 4, 0, 8)
        column.setSpacing(4)
        self.code = QPlainTextEdit(block.code.rstrip("\n"))
        self.code.setObjectName("lesson_code")
        self.code.setReadOnly(True)
        self.code.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.code.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.code.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSize(CODE_FONT_SIZE)
        self.code.setFont(font)
        document = self.code.document()
        assert document is not None
        self.highlighter = SnekHighlighter(document)
        column.addWidget(self.code)
        buttons = FlowLayout()   # wraps with Big text in a narrow pane, so the prose is not cut
        self.try_button = QPushButton("▶ Try it")
        self.try_button.setObjectName("try_button")
        self.try_button.setToolTip("Run this in the REPL")
        self.copy_button = QPushButton("Copy to my program")
        self.copy_button.setObjectName("copy_button")
        self.copy_button.setToolTip("Add this at the end of the program in the editor")
        self.try_button.clicked.connect(lambda: self.try_clicked.emit(block.code))
        self.copy_button.clicked.connect(lambda: self.copy_clicked.emit(block.code))
        buttons.addWidget(self.try_button)
        buttons.addWidget(self.copy_button)
        column.addLayout(buttons)
        if block.forever:
            note = QLabel("This one keeps going: press Stop to end it.")
            note.setObjectName("forever_note")
            note.setWordWrap(True)
            column.addWidget(note)
        self._fit()

    def changeEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)  # type: ignore[arg-type]
        self._fit()

    def _fit(self) -> None:
        lines = self.code.blockCount()
        metrics = self.code.fontMetrics()
        scrollbar = self.code.horizontalScrollBar()
        extra = scrollbar.sizeHint().height() if scrollbar is not None else 0
        self.code.setFixedHeight(lines * metrics.lineSpacing() + 2 * self.code.frameWidth()
                                 + 12 + extra)


# -- the pane --------------------------------------------------------------------------------

class LessonPane(QWidget):
    """Shows one lesson, a step at a time. The main window connects try_code and copy_code to
    the REPL and the editor, and feeds it the REPL's output and the simulated robot's moves
    (see lessons/ide_link.py)."""

    try_code = pyqtSignal(str)
    copy_code = pyqtSignal(str)
    closed = pyqtSignal()
    #: A lesson was opened (its format.Lesson): the IDE sets up its board and world.
    lesson_shown = pyqtSignal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lesson_pane")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.loaded: LoadedLesson | None = None
        self.progress: Progress | None = None
        self.watch = StepWatch(None)
        self._theme: Theme | None = None
        self.setMinimumWidth(320)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 6, 8, 6)
        outer.setSpacing(6)

        top = QHBoxLayout()
        self.title = QLabel("")
        self.title.setObjectName("lesson_title")
        self.title.setWordWrap(True)
        # Lesson text is untrusted: labels show it as it is, never as HTML.
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setToolTip("Close the lesson")
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.close_lesson)
        top.addWidget(self.title, 1)
        top.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(top)
        self.about = QLabel("")
        self.about.setObjectName("lesson_about")
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.PlainText)
        outer.addWidget(self.about)

        # Which step: above its title, not between Back and Next, where big text (projector
        # mode) in a narrow pane cut it off.
        self.counter = QLabel("")
        self.counter.setObjectName("step_counter")
        outer.addWidget(self.counter)
        self.step_title = QLabel("")
        self.step_title.setObjectName("step_title")
        self.step_title.setWordWrap(True)
        self.step_title.setTextFormat(Qt.TextFormat.RichText)
        outer.addWidget(self.step_title)

        self.page_area = QScrollArea()
        self.page_area.setWidgetResizable(True)
        self.page_area.setFrameShape(QFrame.Shape.NoFrame)
        self.page_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self.page_area, 1)

        self.check_label = QLabel("")
        self.check_label.setObjectName("check_label")
        self.check_label.setWordWrap(True)
        self.check_label.setTextFormat(Qt.TextFormat.PlainText)
        outer.addWidget(self.check_label)
        self.notice = QLabel("")
        self.notice.setObjectName("lesson_notice")
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.TextFormat.PlainText)
        self.notice.hide()
        outer.addWidget(self.notice)

        bottom = QHBoxLayout()
        self.back_button = QPushButton("◀ Back")
        self.back_button.setObjectName("back_button")
        self.next_button = QPushButton("Next ▶")
        self.next_button.setObjectName("next_button")
        self.back_button.clicked.connect(lambda: self.go(-1))
        self.next_button.clicked.connect(lambda: self.go(+1))
        bottom.addWidget(self.back_button)
        bottom.addStretch(1)
        bottom.addWidget(self.next_button)
        outer.addLayout(bottom)
        self._show_nothing()
        theme_switch.follow(self, self.apply_theme)
        # Text sizes are in the style sheet, which projector mode must make again.
        theme_switch.follow_projector(self, lambda _on: self._style_page())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(420, 600)

    # -- lessons ---------------------------------------------------------------------------

    def show_lesson(self, loaded: LoadedLesson) -> None:
        """Open a lesson at the step the student was on last time."""
        self.loaded = loaded
        lesson = loaded.lesson
        self.progress = Progress(progress_dir(), lesson)
        self.title.setText(lesson.title)
        about = f"For: {lesson.board_name}"
        if lesson.world:
            about += f", robot world: {lesson.world}"
        if lesson.author:
            about += f"\nBy {lesson.author}"
        self.about.setText(about)
        self.notice.hide()
        self._show_step()
        self.lesson_shown.emit(lesson)

    def show_problem(self, title: str, message: str) -> None:
        """A lesson could not be opened: say why, in the pane, instead of a lesson."""
        self.loaded = None
        self.progress = None
        self._show_nothing()
        self.title.setText(title)
        self.notice.setText(message)
        self.notice.show()

    def show_notice(self, text: str) -> None:
        """Something the student should know while this lesson is open ('' hides it)."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def close_lesson(self) -> None:
        self.loaded = None
        self.progress = None
        self._show_nothing()
        self.hide()
        self.closed.emit()

    @property
    def step(self) -> Step | None:
        if self.loaded is None or self.progress is None:
            return None
        return self.loaded.lesson.steps[self.progress.step - 1]

    def go(self, delta: int) -> None:
        """Back (-1) or Next (+1)."""
        if self.progress is None:
            return
        self.progress.go_to(self.progress.step + delta)
        self._save()
        self._show_step()

    def _show_nothing(self) -> None:
        self.title.setText("")
        self.about.hide()
        self.step_title.setText("")
        self.check_label.hide()
        self.counter.setText("")
        self.back_button.setEnabled(False)
        self.next_button.setEnabled(False)
        self.page_area.setWidget(QWidget())
        self.watch = StepWatch(None)

    def _show_step(self) -> None:
        step, progress, loaded = self.step, self.progress, self.loaded
        assert step is not None and progress is not None and loaded is not None
        self.watch = StepWatch(step.check)
        page = QWidget()
        page.setObjectName("lesson_page")
        page.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 4, 0)
        column.setSpacing(2)
        if step.number == 1 and loaded.lesson.intro:
            column.addWidget(ProseView(loaded.lesson.intro, loaded.pictures))
        for part in step.parts:
            if isinstance(part, Prose):
                column.addWidget(ProseView(part.html, loaded.pictures))
            else:
                view = CodeView(part)
                view.try_clicked.connect(self.try_code)
                view.copy_clicked.connect(self.copy_code)
                column.addWidget(view)
        column.addStretch(1)
        self.page_area.setWidget(page)
        count = len(loaded.lesson.steps)
        self.counter.setText(f"Step {step.number} of {count}")
        # Who it is for and by, with the introduction: later steps keep the room for the step.
        self.about.setVisible(step.number == 1)
        self.back_button.setEnabled(step.number > 1)
        self.next_button.setEnabled(step.number < count)
        self._style_page()
        self._show_check()

    def _show_check(self) -> None:
        step, progress = self.step, self.progress
        assert step is not None and progress is not None
        done = step.number in progress.done
        mark = ""
        if done:
            colour = self._theme.lesson["done"] if self._theme is not None else "#1b7a2a"
            mark = f'&nbsp;&nbsp;<span style="color: {colour}">{DONE}</span>'
        self.step_title.setText(html.escape(step.title) + mark)
        if step.check is None:
            self.check_label.hide()
            return
        lines = []
        if step.check.outputs:
            lines.append("Check: the REPL shows")
            lines += ["    " + line for text in step.check.outputs
                      for line in text.rstrip("\n").split("\n")]
        for goal in step.check.goals:
            lines.append("Goal: " + goal.describe())
        if done:
            lines.insert(0, f"{DONE} Well done! This step is done.")
        self.check_label.setText("\n".join(lines))
        self.check_label.show()

    # -- what happens elsewhere ------------------------------------------------------------

    def output_seen(self, text: str) -> None:
        """The REPL showed text: it may meet the step's check."""
        if self.watch.has_check:
            self.watch.output(text)
            self._check_met()

    def robot_moved(self, sample: RobotSample) -> None:
        """The simulated robot moved: it may meet the step's goals."""
        if self.watch.has_check:
            self.watch.robot(sample)
            self._check_met()

    def _check_met(self) -> None:
        step, progress = self.step, self.progress
        if step is None or progress is None or not self.watch.met or step.number in progress.done:
            return
        progress.mark_done(step.number)
        self._save()
        self._show_check()

    def _save(self) -> None:
        if self.progress is None:
            return
        try:
            self.progress.save()
        except OSError as error:
            self.notice.setText(f"Could not save how far you got: {error.strerror or error}")
            self.notice.show()

    # -- colours ---------------------------------------------------------------------------

    def apply_theme(self, theme: Theme | None) -> None:
        self._theme = theme
        self._style_page()
        if self.step is not None:
            self._show_check()

    def _style_page(self) -> None:
        theme = self._theme
        self.setStyleSheet(self._style_sheet(theme, QApplication.font().pointSizeF()))
        for prose in self.findChildren(ProseView):
            prose.text_document().setDefaultStyleSheet(self._document_style(theme))
            prose.setHtml(prose.source_html)
        for code in self.findChildren(CodeView):
            code.highlighter.set_theme(theme)

    @staticmethod
    def _style_sheet(theme: Theme | None, size: float) -> str:
        """The pane's text sizes (from its font, which projector mode enlarges) and colours.
        Only a style sheet: beside one, Qt ignores palettes and later font changes."""
        text = (f"#lesson_pane QLabel, #lesson_pane QTextBrowser, #lesson_pane QPushButton, "
                f"#lesson_pane QToolButton {{ font-size: {size:.1f}pt; }}"
                f"QLabel#lesson_title {{ font-size: {size * 1.3:.1f}pt; font-weight: bold; }}"
                f"QLabel#step_title {{ font-size: {size * 1.15:.1f}pt; font-weight: bold; }}")
        if theme is None:
            return text + "QLabel#check_label { border: 1px solid palette(mid); padding: 6px; }"
        c = theme.lesson
        return text + (f"#lesson_pane, #lesson_page, QScrollArea, QTextBrowser {{ background: "
                f"{c['background']}; color: {c['text']}; border: none; }}"
                f"#lesson_pane QLabel {{ color: {c['text']}; }}"
                f"QLabel#step_title, QLabel#lesson_title {{ color: {c['heading']}; }}"
                f"QLabel#lesson_notice {{ color: {theme.repl['error']}; }}"
                f"QLabel#check_label {{ background: {c['check_background']}; "
                f"color: {c['check_text']}; border-radius: 6px; padding: 6px; }}"
                f"QPlainTextEdit#lesson_code {{ background: {c['code_background']}; "
                f"color: {c['code_text']}; border: none; }}"
                f"#lesson_pane QPushButton, #lesson_pane QToolButton {{ background: {c['button']}; "
                f"color: {c['button_text']}; border: 1px solid {c['button_text']}; "
                "border-radius: 4px; padding: 4px 10px; }"
                f"#lesson_pane QPushButton:disabled {{ color: {theme.palette['disabled_text']}; "
                f"border-color: {theme.palette['disabled_text']}; }}")

    @staticmethod
    def _document_style(theme: Theme | None) -> str:
        if theme is None:
            return ""
        c = theme.lesson
        return (f"body {{ color: {c['text']}; }} a {{ color: {c['link']}; }} "
                f"h1, h2, h3, h4 {{ color: {c['heading']}; }} "
                f"pre, code {{ background-color: {c['code_background']}; "
                f"color: {c['code_text']}; }}")
