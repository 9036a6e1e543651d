# SPDX-License-Identifier: GPL-3.0-or-later
"""Snek syntax colours: pygments' Python lexer mapped onto QTextCharFormats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygments.lexers.python import PythonLexer
from pygments.token import (
    Comment, Keyword, Name, Number, Operator, String, Token, _TokenType, string_to_tokentype,
)
from PyQt6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument

if TYPE_CHECKING:
    from snekide.themes import Theme

#: Snek's own built-in names (robot, time, math), coloured like Python's builtins.
SNEK_BUILTINS = frozenset(
    "talkto setpower setleft setright on off onfor read pullnone pullup pulldown stopall "
    "neopixel tone tonefor sleep monotonic reset eeprom write show load erase random seed "
    "randrange exit input flush sqrt pi".split()
)

#: Token type -> (colour, bold, italic) without a theme. The first matching ancestor wins.
STYLE: list[tuple[_TokenType, str, bool, bool]] = [
    (Comment, "#7f8c8d", False, True),
    (String, "#16803c", False, False),
    (Number, "#c0392b", False, False),
    (Keyword.Constant, "#8e44ad", True, False),
    (Keyword, "#1f4fb8", True, False),
    (Operator.Word, "#1f4fb8", True, False),
    (Name.Builtin, "#8e44ad", False, False),
    (Name.Function, "#b35c00", True, False),
    (Name.Class, "#b35c00", True, False),
]


def make_format(colour: str, bold: bool, italic: bool) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setForeground(QColor(colour))
    if bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    fmt.setFontItalic(italic)
    return fmt


class SnekHighlighter(QSyntaxHighlighter):
    """Colours each line of a document as Snek (a Python subset) code."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._lexer = PythonLexer()
        self._use(STYLE)

    def _use(self, style: list[tuple[_TokenType, str, bool, bool]]) -> None:
        self._formats = [(ttype, make_format(c, b, i)) for ttype, c, b, i in style]
        self._builtin = dict(self._formats)[Name.Builtin]

    def set_theme(self, theme: Theme | None) -> None:
        """Colour with a theme's syntax colours (None: the built-in ones), at once."""
        if theme is None:
            self._use(STYLE)
        else:
            styles = [(string_to_tokentype(name), s.colour, s.bold, s.italic)
                      for name, s in theme.syntax.items()]
            # The most specific token type first (Keyword.Constant before Keyword).
            self._use(sorted(styles, key=lambda style: -len(style[0])))
        self.rehighlight()

    def format_for(self, ttype: _TokenType, value: str) -> QTextCharFormat | None:
        """The format for one token, or None to leave it plain."""
        if ttype in Name and ttype not in Name.Function and value in SNEK_BUILTINS:
            return self._builtin
        for parent, fmt in self._formats:
            if ttype in parent:
                return fmt
        return None

    def highlightBlock(self, text: str | None) -> None:  # noqa: N802 - Qt override
        if not text:
            return
        for start, ttype, value in self._lexer.get_tokens_unprocessed(text):
            if ttype is Token.Text or not value:
                continue
            fmt = self.format_for(ttype, value)
            if fmt is not None:
                self.setFormat(start, len(value), fmt)
