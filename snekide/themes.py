# SPDX-License-Identifier: GPL-3.0-or-later
"""Colour themes: one TOML file each (themes/ and the user's own folder), checked and compared.

A theme names every colour the IDE paints: the Qt palette, the editor and its syntax colours by
Pygments token type, the REPL with its error and hint colours, the lesson pane and the board
view. The format is described in docs/themes.md. Nothing here needs Qt.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pygments.token import STANDARD_TYPES, string_to_tokentype

from snekide import settings
from snekide.journal import write_atomic

#: The theme every other falls back to.
DEFAULT_THEME = "day"
#: Colours each section must give (all "#rrggbb").
SECTIONS: dict[str, tuple[str, ...]] = {
    "palette": ("window", "window_text", "base", "alternate_base", "text", "button",
                "button_text", "highlight", "highlighted_text", "tooltip_base", "tooltip_text",
                "placeholder_text", "link", "disabled_text"),
    "editor": ("background", "text", "current_line", "error_line", "gutter", "gutter_text",
               "gutter_current"),
    "repl": ("background", "text", "prompt_ready", "prompt_busy", "error", "hint"),
    "lesson": ("background", "text", "heading", "code_background", "code_text",
               "check_background", "check_text", "done", "link", "button", "button_text"),
    "board": ("background", "board", "text", "pin_off", "pin_on", "motor"),
}
#: Token types every theme colours (others, such as "Name.Decorator", may be added).
SYNTAX_TOKENS = ("Comment", "String", "Number", "Keyword", "Keyword.Constant", "Operator.Word",
                 "Name.Builtin", "Name.Function", "Name.Class")
#: WCAG 2 contrast: AA for normal text, AAA (the high-contrast theme's promise).
AA, AAA = 4.5, 7.0

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_TOKEN_NAME = re.compile(r"^[A-Z][a-z]*(\.[A-Z][a-z]*)*$")


class ThemeError(ValueError):
    """A theme file that cannot be used; str() says why, naming the file."""


@dataclass(frozen=True)
class SyntaxStyle:
    colour: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class Theme:
    key: str  # the file's name without .toml
    name: str  # what the menu shows
    dark: bool
    palette: dict[str, str]
    editor: dict[str, str]
    repl: dict[str, str]
    lesson: dict[str, str]
    board: dict[str, str]
    syntax: dict[str, SyntaxStyle]

    def text_pairs(self) -> list[tuple[str, str, str]]:
        """Every (what, text colour, background colour) that people read."""
        p, e, r, les, b = self.palette, self.editor, self.repl, self.lesson, self.board
        pairs = [
            ("window text", p["window_text"], p["window"]),
            ("text", p["text"], p["base"]),
            ("alternate rows", p["text"], p["alternate_base"]),
            ("buttons", p["button_text"], p["button"]),
            ("selected text", p["highlighted_text"], p["highlight"]),
            ("tooltips", p["tooltip_text"], p["tooltip_base"]),
            ("placeholder text", p["placeholder_text"], p["base"]),
            ("links", p["link"], p["base"]),
            ("editor text", e["text"], e["background"]),
            ("editor current line", e["text"], e["current_line"]),
            ("editor error line", e["text"], e["error_line"]),
            ("line numbers", e["gutter_text"], e["gutter"]),
            ("current line number", e["gutter_current"], e["gutter"]),
            ("REPL text", r["text"], r["background"]),
            ("REPL prompt", r["prompt_ready"], r["background"]),
            ("REPL busy prompt", r["prompt_busy"], r["background"]),
            ("REPL errors", r["error"], r["background"]),
            ("REPL hints", r["hint"], r["background"]),
            ("lesson text", les["text"], les["background"]),
            ("lesson headings", les["heading"], les["background"]),
            ("lesson code", les["code_text"], les["code_background"]),
            ("lesson check", les["check_text"], les["check_background"]),
            ("lesson done mark", les["done"], les["background"]),
            ("lesson links", les["link"], les["background"]),
            ("lesson buttons", les["button_text"], les["button"]),
            ("board labels", b["text"], b["background"]),
        ]
        pairs += [(f"syntax {token}", style.colour, e["background"])
                  for token, style in self.syntax.items()]
        return pairs


# -- contrast (WCAG 2) -----------------------------------------------------------------------

def luminance(colour: str) -> float:
    """Relative luminance of "#rrggbb", as WCAG 2 defines it."""
    def channel(hex_pair: str) -> float:
        c = int(hex_pair, 16) / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(colour[i:i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground: str, background: str) -> float:
    """WCAG contrast ratio, from 1 (none) to 21 (black on white)."""
    a, b = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def weakest_pairs(theme: Theme, minimum: float) -> list[str]:
    """The text colours of theme below the minimum contrast, described."""
    return [f"{what}: {fg} on {bg} is {contrast(fg, bg):.2f}:1"
            for what, fg, bg in theme.text_pairs() if contrast(fg, bg) < minimum]


# -- reading ---------------------------------------------------------------------------------

def read_theme(path: Path) -> Theme:
    """Read and check one theme file; ThemeError says what is wrong with it."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ThemeError(f"Could not read the theme {path.name}: {error.strerror or error}.") \
            from None
    except UnicodeDecodeError:
        raise ThemeError(f"The theme {path.name} is not UTF-8 text.") from None
    except tomllib.TOMLDecodeError as error:
        raise ThemeError(f"The theme {path.name} has a mistake: {error}.") from None
    where = f"The theme {path.name}"
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ThemeError(f"{where} needs a name (a line like name = \"Day\").")
    dark = data.get("dark", False)
    if not isinstance(dark, bool):
        raise ThemeError(f"{where}: dark must be true or false.")
    sections = {section: _colours(data, section, keys, where) for section, keys in SECTIONS.items()}
    return Theme(key=path.stem, name=name.strip(), dark=dark, syntax=_syntax(data, where),
                 **sections)


def _colours(data: dict, section: str, keys: tuple[str, ...], where: str) -> dict[str, str]:
    table = data.get(section)
    if not isinstance(table, dict):
        raise ThemeError(f"{where} has no [{section}] section.")
    for key, value in table.items():
        if key not in keys:
            raise ThemeError(f"{where}: [{section}] has {key}, which snekide does not know. "
                             f"It knows: {', '.join(keys)}.")
        if not isinstance(value, str) or not _COLOUR.match(value):
            raise ThemeError(f"{where}: [{section}] {key} = {value!r} is not a colour like "
                             "\"#1f4fb8\".")
    missing = [key for key in keys if key not in table]
    if missing:
        raise ThemeError(f"{where}: [{section}] needs {', '.join(missing)}.")
    return {key: table[key].lower() for key in keys}


def _syntax(data: dict, where: str) -> dict[str, SyntaxStyle]:
    table = data.get("syntax")
    if not isinstance(table, dict):
        raise ThemeError(f"{where} has no [syntax] section.")
    styles: dict[str, SyntaxStyle] = {}
    for token, value in table.items():
        if not _TOKEN_NAME.match(token) or string_to_tokentype(token) not in STANDARD_TYPES:
            raise ThemeError(f"{where}: [syntax] {token} is not a Pygments token type "
                             "such as Keyword or Name.Builtin.")
        words = value.split() if isinstance(value, str) else []
        colours = [w for w in words if _COLOUR.match(w)]
        extra = [w for w in words if not _COLOUR.match(w) and w not in ("bold", "italic")]
        if len(colours) != 1 or extra:
            raise ThemeError(f"{where}: [syntax] {token} = {value!r} should be a colour, with "
                             "bold or italic if you like: \"bold #1f4fb8\".")
        styles[token] = SyntaxStyle(colours[0].lower(), "bold" in words, "italic" in words)
    missing = [token for token in SYNTAX_TOKENS if token not in styles]
    if missing:
        raise ThemeError(f"{where}: [syntax] needs {', '.join(missing)}.")
    return styles


# -- finding themes --------------------------------------------------------------------------

def user_themes_folder() -> Path:
    """Where a teacher or student puts themes of their own (looking does not create it)."""
    return settings.data_dir(create=False) / "themes"


def theme_files() -> dict[str, Path]:
    """Every theme file by key: shipped ones, then the user's own (which win on equal names)."""
    files: dict[str, Path] = {}
    for folder in (settings.shipped("themes"), user_themes_folder()):
        if folder.is_dir():
            for path in sorted(folder.glob("*.toml")):
                files[path.stem] = path
    return files


def load_theme(key: str) -> tuple[Theme, str]:
    """The theme called key, or the day theme and a message saying why it could not be used."""
    path = theme_files().get(key)
    if path is None:
        message = f"There is no theme called {key!r}; using the day theme."
    else:
        try:
            return read_theme(path), ""
        except ThemeError as error:
            message = f"{error} Using the day theme instead."
    if key == DEFAULT_THEME:
        raise ThemeError(message)
    theme, _ = load_theme(DEFAULT_THEME)
    return theme, message


# -- the student's choice --------------------------------------------------------------------

@dataclass(frozen=True)
class Choice:
    theme: str = DEFAULT_THEME
    projector: bool = False


def choice_file(create: bool = False) -> Path:
    """Where the choice is kept (with create, its folder is made if need be)."""
    return settings.data_dir(create) / "appearance.json"


def load_choice() -> Choice:
    """The theme and projector mode chosen last time (defaults if none, or unreadable)."""
    try:
        data = json.loads(choice_file().read_text(encoding="utf-8"))
        theme, projector = data["theme"], data["projector"]
    except (OSError, ValueError, KeyError, TypeError):
        return Choice()
    if not isinstance(theme, str) or not isinstance(projector, bool):
        return Choice()
    return Choice(theme, projector)


def save_choice(choice: Choice) -> None:
    """Remember the choice (raises OSError if the disk refuses)."""
    data = {"theme": choice.theme, "projector": choice.projector}
    write_atomic(choice_file(create=True), json.dumps(data).encode("utf-8"))
