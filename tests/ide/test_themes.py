# SPDX-License-Identifier: GPL-3.0-or-later
"""Themes: the files parse, high contrast keeps its promise, and View → Theme switches at once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PyQt6.QtGui import QColor, QPalette
from PyQt6.QtWidgets import QApplication, QToolButton

from snekide import settings, themes
from snekide.lessons.library import lessons_folder
from snekide.lessons.pane import CodeView
from snekide.main_window import MainWindow
from snekide.theme_switch import PROJECTOR_MIN_CODE_SIZE, make_palette
from snekide.themes import (
    AA,
    AAA,
    SECTIONS,
    ThemeError,
    contrast,
    read_theme,
    weakest_pairs,
)

from .test_window import LEFT, data_dir, make_window  # noqa: F401 - fixtures

THEMES = settings.shipped("themes")
SHIPPED = ["day", "night", "high-contrast"]


def theme_action(window: MainWindow, name: str):
    window.theme_menu.refresh()
    (action,) = [a for a in window.theme_menu.theme_actions() if a.text() == name]
    return action


def window_colour() -> str:
    return QApplication.palette().color(QPalette.ColorRole.Window).name()


# -- the files -------------------------------------------------------------------------------

@pytest.mark.parametrize("key", SHIPPED)
def test_shipped_themes_parse(key):
    theme = read_theme(THEMES / f"{key}.toml")
    assert theme.key == key and theme.name
    for section, keys in SECTIONS.items():
        assert set(getattr(theme, section)) == set(keys)
    assert set(themes.SYNTAX_TOKENS) <= set(theme.syntax)


def test_high_contrast_meets_wcag_aaa_for_all_text():
    theme = read_theme(THEMES / "high-contrast.toml")
    assert weakest_pairs(theme, AAA) == []
    assert len(theme.text_pairs()) > 30


@pytest.mark.parametrize("key", ["day", "night"])
def test_day_and_night_meet_wcag_aa_except_the_greyed_busy_prompt(key):
    theme = read_theme(THEMES / f"{key}.toml")
    weak = weakest_pairs(theme, AA)
    assert [w.split(":")[0] for w in weak] in ([], ["REPL busy prompt"])


def test_contrast_ratio_follows_wcag():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#ffffff", "#ffffff") == pytest.approx(1)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the AA grey


def test_day_theme_keeps_the_repl_colours_the_repl_knows():
    from snekide.repl_pane import BUSY_COLOUR, HELP_COLOUR, READY_COLOUR

    day = read_theme(THEMES / "day.toml")
    assert (day.repl["prompt_ready"], day.repl["prompt_busy"], day.repl["hint"]) == (
        READY_COLOUR.name(), BUSY_COLOUR.name(), HELP_COLOUR.name())


def day_text() -> str:
    return (THEMES / "day.toml").read_text()


@pytest.mark.parametrize("text, words", [
    ("name = 'x\n", "has a mistake"),
    ("dark = false\n", "needs a name"),
    ("name = 'X'\n", "has no [palette] section"),
])
def test_broken_theme_files_say_what_is_wrong(tmp_path, text, words):
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(ThemeError, match=re.escape(words)):
        read_theme(path)


@pytest.mark.parametrize("change, words", [
    (('window = "#f4f5f7"', 'window = "light blue"'), "is not a colour"),
    (('window = "#f4f5f7"\n', ''), "needs window"),
    (('window = "#f4f5f7"', 'windw = "#f4f5f7"'), "does not know"),
    (('Comment = "italic #5f6b6d"', 'Comment = "italic"'), "should be a colour"),
    (('Comment = "italic #5f6b6d"', 'Coment = "#5f6b6d"'), "not a Pygments token type"),
    (('"Name.Class" = "bold #b35c00"\n', ''), "needs Name.Class"),
    (('dark = false', 'dark = "no"'), "true or false"),
])
def test_every_mistake_is_named(tmp_path, change, words):
    path = tmp_path / "mine.toml"
    old, new = change
    assert old in day_text()
    path.write_text(day_text().replace(old, new, 1))
    with pytest.raises(ThemeError, match=words):
        read_theme(path)


def test_a_theme_that_is_not_utf8(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_bytes(day_text().replace("Day", "Dæy").encode("latin-1"))
    with pytest.raises(ThemeError, match="not UTF-8"):
        read_theme(path)


def test_extra_token_types_are_welcome(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(day_text().replace("[syntax]\n", '[syntax]\n"Name.Decorator" = "#123456"\n'))
    assert read_theme(path).syntax["Name.Decorator"].colour == "#123456"


def test_palette_from_a_theme():
    theme = read_theme(THEMES / "night.toml")
    palette = make_palette(theme)
    assert palette.color(QPalette.ColorRole.Base).name() == theme.palette["base"]
    assert palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text).name() == \
        theme.palette["disabled_text"]


# -- in the window ---------------------------------------------------------------------------

def test_view_theme_switches_everything_at_once(qtbot, data_dir):
    window = make_window(qtbot, files=[lessons_folder() / "03-loops.md"])
    night = read_theme(THEMES / "night.toml")
    editor = window.editor()
    code = window.lesson_pane.findChildren(CodeView)[0]
    theme_action(window, "Night").trigger()
    assert window_colour() == night.palette["window"]
    assert editor.palette().color(QPalette.ColorRole.Base).name() == night.editor["background"]
    assert editor.highlighter.format_for(*_keyword()).foreground().color().name() == \
        night.syntax["Keyword"].colour
    assert prompt_colour(window.repl) == night.repl["prompt_ready" if window.repl.ready else "prompt_busy"]
    assert window.button("Stop").palette().color(QPalette.ColorRole.ButtonText).name() == \
        night.repl["error"]
    assert night.lesson["background"] in window.lesson_pane.styleSheet()
    assert code.highlighter.format_for(*_keyword()).foreground().color().name() == \
        night.syntax["Keyword"].colour
    # A tab opened afterwards takes the theme too.
    later = window.tabs.add_buffer("x = 1\n")
    assert later.palette().color(QPalette.ColorRole.Base).name() == night.editor["background"]
    assert theme_action(window, "Night").isChecked()


def _keyword():
    from pygments.token import Keyword

    return Keyword, "while"


def test_the_theme_is_remembered(qtbot, data_dir):
    window = make_window(qtbot)
    theme_action(window, "High contrast").trigger()
    again = make_window(qtbot)
    assert window_colour() == "#000000"
    assert theme_action(again, "High contrast").isChecked()
    theme_action(again, "Day").trigger()
    assert window_colour() == read_theme(THEMES / "day.toml").palette["window"]


def test_a_malformed_theme_falls_back_to_day_with_a_message(qtbot, data_dir):
    mine = themes.user_themes_folder()
    mine.mkdir(parents=True)
    (mine / "broken.toml").write_text(day_text().replace('base = "#ffffff"', 'base = "white"'))
    window = make_window(qtbot)
    theme_action(window, "Night").trigger()
    action = theme_action(window, "broken (has a mistake)")
    action.trigger()
    assert window_colour() == read_theme(THEMES / "day.toml").palette["window"]
    assert "broken.toml" in window.message.text() and "day theme" in window.message.text()
    assert themes.load_choice().theme == "night"  # the broken one is not remembered


def test_a_remembered_theme_that_broke_since_falls_back_to_day(qtbot, data_dir):
    mine = themes.user_themes_folder()
    mine.mkdir(parents=True)
    (mine / "mine.toml").write_text(day_text().replace("Day", "Mine"))
    themes.save_choice(themes.Choice("mine", False))
    (mine / "mine.toml").write_text("this is not toml at all [")
    window = make_window(qtbot)
    assert window_colour() == read_theme(THEMES / "day.toml").palette["window"]
    assert "mine.toml" in window.message.text()


def test_a_users_own_theme_appears_in_the_menu(qtbot, data_dir):
    window = make_window(qtbot)
    mine = themes.user_themes_folder()
    mine.mkdir(parents=True)
    (mine / "sunset.toml").write_text(day_text().replace('name = "Day"', 'name = "Sunset"')
                                      .replace('window = "#f4f5f7"', 'window = "#ffe0b0"'))
    theme_action(window, "Sunset").trigger()
    assert window_colour() == "#ffe0b0"


def test_projector_mode_makes_everything_big_with_one_click_and_back(qtbot, data_dir):
    window = make_window(qtbot, files=[lessons_folder() / "03-loops.md"])
    big = window.toolbar.widgetForAction(window.theme_menu.projector_action)
    assert isinstance(big, QToolButton) and big.text() == "Big"
    app_size = QApplication.font().pointSizeF()
    code_size = window.tabs.font_size
    toolbar_size = window.button("Put").font().pointSizeF()
    pane_code = window.lesson_pane.findChildren(CodeView)[0].code
    pane_code_size = pane_code.font().pointSizeF()
    pane_text = window.lesson_pane.about
    pane_text_size = pane_text.font().pointSizeF()
    stop_colour = window.button("Stop").palette().color(QPalette.ColorRole.ButtonText)
    qtbot.mouseClick(big, LEFT)
    assert pane_text.font().pointSizeF() > pane_text_size * 1.5
    assert window.button("Stop").palette().color(QPalette.ColorRole.ButtonText) == stop_colour
    assert window.editor().font_size() >= PROJECTOR_MIN_CODE_SIZE
    assert window.repl.font().pointSize() >= PROJECTOR_MIN_CODE_SIZE
    assert QApplication.font().pointSizeF() > app_size * 1.5
    assert window.button("Put").font().pointSizeF() > toolbar_size * 1.5
    assert pane_code.font().pointSizeF() > pane_code_size * 1.5
    assert window.theme_menu.projector_action.isChecked()
    assert themes.load_choice().projector
    qtbot.mouseClick(big, LEFT)
    assert window.tabs.font_size == code_size
    assert QApplication.font().pointSizeF() == app_size
    assert window.button("Put").font().pointSizeF() == toolbar_size
    assert pane_code.font().pointSizeF() == pane_code_size
    assert pane_text.font().pointSizeF() == pane_text_size
    assert not themes.load_choice().projector


def test_projector_mode_is_remembered(qtbot, data_dir):
    window = make_window(qtbot)
    window.theme_menu.projector_action.trigger()
    app_size = QApplication.font().pointSizeF()
    again = make_window(qtbot)
    assert again.theme_menu.projector_action.isChecked()
    assert again.editor().font_size() >= PROJECTOR_MIN_CODE_SIZE
    again.theme_menu.projector_action.trigger()
    assert QApplication.font().pointSizeF() < app_size


def test_a_damaged_choice_file_means_day(qtbot, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    themes.choice_file().write_text("{broken")
    assert themes.load_choice() == themes.Choice()
    make_window(qtbot)
    assert window_colour() == QColor(read_theme(THEMES / "day.toml").palette["window"]).name()


def test_shipped_themes_folder_is_the_checkout_one():
    assert THEMES == Path(__file__).resolve().parents[2] / "themes"


def prompt_colour(repl) -> str:
    """The colour the REPL's prompt is drawn in, as the student sees it."""
    cursor = repl.textCursor()
    cursor.setPosition(repl.document().characterCount() - 1 - len(repl.input_text()))
    return cursor.charFormat().foreground().color().name()
