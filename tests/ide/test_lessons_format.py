# SPDX-License-Identifier: GPL-3.0-or-later
"""The lesson format: header, steps, snek blocks, checks, and sanitized rendering."""

from __future__ import annotations

import pytest

from snekide.lessons.format import (
    CodeBlock,
    LessonError,
    Prose,
    decode_lesson_text,
    parse_lesson,
)

HEADER = "---\ntitle: Lights\nboard: uno\nauthor: Ms Rivera\n---\n"


def lesson(body: str, header: str = HEADER):
    return parse_lesson(header + body)


def refused(text: str) -> str:
    with pytest.raises(LessonError) as caught:
        parse_lesson(text)
    return str(caught.value)


# -- header ----------------------------------------------------------------------------------

def test_header_fields():
    sheet = parse_lesson("---\ntitle: \"Drawing\"\nboard: Snekboard\nworld: floor\n"
                         "author: Kim\n---\n## One\nGo.\n")
    assert (sheet.title, sheet.board, sheet.world, sheet.author) == (
        "Drawing", "snekboard", "floor", "Kim")
    assert sheet.board_name == "Snekboard"


def test_world_and_author_are_optional():
    sheet = parse_lesson("---\ntitle: T\nboard: uno\n---\n## One\nGo.\n")
    assert sheet.world is None and sheet.author == ""


def test_a_lesson_without_header_is_refused_with_an_example():
    message = refused("## One\nGo.\n")
    assert "---" in message and "title:" in message


@pytest.mark.parametrize("header, words", [
    ("---\nboard: uno\n---\n", "needs a title"),
    ("---\ntitle: T\n---\n", "needs a board"),
    ("---\ntitle: T\nboard: uno\n", "closing '---' line missing"),
    ("---\ntitle: T\nboard: uno\nwrold: oval\n---\n", "does not know 'wrold: oval'"),
    ("---\ntitle: T\ntitle: U\nboard: uno\n---\n", "title twice"),
])
def test_broken_headers_are_refused(header, words):
    assert words in refused(header + "## One\nGo.\n")


def test_unknown_board_is_refused_naming_the_known_ones():
    message = refused("---\ntitle: T\nboard: microbit\n---\n## One\nGo.\n")
    assert "'microbit'" in message and "uno" in message and "snekboard" in message


def test_unknown_world_is_refused_naming_the_known_ones():
    message = refused("---\ntitle: T\nboard: snekboard\nworld: moon\n---\n## One\nGo.\n")
    assert "'moon'" in message and "oval" in message and "arena" in message and "floor" in message


def test_the_worlds_are_the_robots_shipped_ones():
    """One list: a world file added to the robot is a world lessons may name."""
    from snekide.robot import world

    assert world.world_names() == ["arena", "floor", "oval"]
    for name in world.world_names():
        sheet = parse_lesson(f"---\ntitle: T\nboard: snekboard\nworld: {name}\n---\n## A\na\n")
        assert sheet.world == name


def test_a_world_with_a_board_the_robot_is_not_is_refused():
    message = refused("---\ntitle: T\nboard: uno\nworld: floor\n---\n## One\nGo.\n")
    assert "Arduino Uno" in message and "board: snekboard" in message


# -- steps and blocks ------------------------------------------------------------------------

def test_steps_are_h2_headings_with_their_blocks_in_order():
    sheet = lesson("Welcome!\n\n## Switch it on\nType this:\n\n```snek\ntalkto(LED)\non()\n```\n\n"
                   "Then this:\n\n```snek forever\nwhile True:\n    onfor(0.5)\n```\n\n"
                   "## Blink\n### A smaller heading\nMore.\n")
    assert "Welcome!" in sheet.intro
    assert [s.title for s in sheet.steps] == ["Switch it on", "Blink"]
    first = sheet.steps[0]
    assert [type(p) for p in first.parts] == [Prose, CodeBlock, Prose, CodeBlock]
    assert first.blocks[0] == CodeBlock("talkto(LED)\non()\n", False, 11)
    assert first.blocks[1].forever and first.blocks[1].code == "while True:\n    onfor(0.5)\n"
    assert "<h3>A smaller heading</h3>" in sheet.steps[1].parts[0].html
    assert [b.code for _, b in sheet.blocks()] == [b.code for b in first.blocks]


def test_step_line_numbers_count_the_header():
    sheet = lesson("\n## One\nGo.\n")
    assert sheet.steps[0].line == 7


def test_other_code_blocks_are_shown_not_run():
    sheet = lesson("## One\n```text\n> print(1)\n1\n```\n")
    assert sheet.steps[0].blocks == ()
    assert "&gt; print(1)" in sheet.steps[0].parts[0].html


def test_tabs_in_snek_blocks_become_spaces():
    sheet = lesson("## One\n```snek\nif 1:\n\tprint(1)\n```\n")
    assert sheet.steps[0].blocks[0].code == "if 1:\n    print(1)\n"


def test_a_lesson_needs_steps():
    assert "no steps" in refused(HEADER + "Just words.\n")


def test_snek_blocks_belong_in_steps():
    assert "inside a step" in refused(HEADER + "```snek\nprint(1)\n```\n## One\nGo.\n")


def test_unknown_snek_option_is_refused():
    assert "'snek forevr'" in refused(HEADER + "## One\n```snek forevr\nprint(1)\n```\n")


def test_empty_snek_block_is_refused():
    assert "empty" in refused(HEADER + "## One\n```snek\n\n```\n")


def test_key_is_the_same_wherever_the_file_is_and_differs_between_lessons():
    assert lesson("## A\nx\n").key == lesson("## B\ny\n").key
    other = parse_lesson("---\ntitle: Loops\nboard: uno\n---\n## A\nx\n")
    assert other.key != lesson("## A\nx\n").key


# -- checks ----------------------------------------------------------------------------------

def test_output_check_is_shown_where_it_is_written_and_kept_as_the_check():
    sheet = lesson("## Add\n```snek\nprint(2 + 3)\n```\nYou see:\n```output\n5\n```\n")
    step = sheet.steps[0]
    assert step.check is not None and step.check.outputs == ("5\n",)
    assert '<code class="language-output">5\n</code>' in step.parts[-1].html


def test_goals_parse_with_their_radius():
    world = "---\ntitle: T\nboard: snekboard\nworld: floor\n---\n"
    sheet = parse_lesson(world + "## Go\n```goal\nreach 100 -50\ntravel 200\nturn 360\n"
                                 "home within 5\n```\n")
    goals = sheet.steps[0].check.goals
    assert [(g.kind, g.values, g.radius) for g in goals] == [
        ("reach", (100.0, -50.0), 10.0), ("travel", (200.0,), 10.0), ("turn", (360.0,), 5.0),
        ("home", (), 5.0)]
    assert "x = 100 cm, y = -50 cm" in goals[0].describe()


def test_a_goal_needs_a_world():
    assert "needs a world" in refused(HEADER + "## Go\n```goal\nhome\n```\n")


@pytest.mark.parametrize("goal", ["fly 3", "reach 1", "turn left", "home within"])
def test_bad_goals_are_refused(goal):
    world = "---\ntitle: T\nboard: snekboard\nworld: floor\n---\n"
    assert "Line 8" in refused(world + f"## Go\n```goal\n{goal}\n```\n")


# -- sanitizing ------------------------------------------------------------------------------

def test_harmless_html_is_shown_as_text():
    sheet = lesson("## One\nPress <kbd>Enter</kbd>.\n\n<div>hello</div>\n")
    page = sheet.steps[0].parts[0].html
    assert "&lt;kbd&gt;Enter&lt;/kbd&gt;" in page and "&lt;div&gt;hello" in page
    assert "<kbd>" not in page and "<div>" not in page


@pytest.mark.parametrize("html", [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=x.js></SCRIPT>",
    "Inline <script>steal()</script> here.",
    '<img src="https://example.com/track.png">',
    '<a href="https://example.com">x</a>',
    '<span onmouseover="x()">hover</span>',
    "<iframe></iframe>",
    '<div style="background: url(http://example.com/x)">x</div>',
    "<style>body{}</style>",
])
def test_dangerous_html_is_refused(html):
    message = refused(HEADER + f"## One\n{html}\n")
    assert "HTML" in message and "Line 7" in message


@pytest.mark.parametrize("src", [
    "https://example.com/robot.png",
    "http://example.com/robot.png",
    "//example.com/robot.png",
    "file:///etc/passwd.png",
    "data:image/png;base64,iVBORw0KGgo=",
    "/home/teacher/robot.png",
])
def test_pictures_from_outside_the_lesson_are_refused(src):
    assert "not inside the lesson" in refused(HEADER + f"## One\n![robot]({src})\n")


def test_reference_style_remote_picture_is_refused():
    text = HEADER + "## One\n![robot][r]\n\n[r]: https://example.com/r.png\n"
    assert "not inside the lesson" in refused(text)


@pytest.mark.parametrize("src", ["../secret.png", "pics/../../up.png"])
def test_pictures_above_the_lesson_folder_are_refused(src):
    assert "outside the lesson" in refused(HEADER + f"## One\n![x]({src})\n")


def test_only_picture_files_are_shown():
    assert "not a PNG" in refused(HEADER + "## One\n![x](notes.txt)\n")


def test_pictures_are_listed_once_with_clean_paths():
    sheet = lesson("## One\n![a](./pics/robot%20arm.png) ![b](pics/robot%20arm.png)\n"
                   "## Two\n![c](wiring.svg)\n")
    assert sheet.pictures == ("pics/robot arm.png", "wiring.svg")
    assert '<img src="pics/robot arm.png"' in sheet.steps[0].parts[0].html


def test_web_links_are_kept_other_links_refused():
    sheet = lesson("## One\nSee [Snek](https://sneklang.org).\n")
    assert 'href="https://sneklang.org"' in sheet.steps[0].parts[0].html
    assert "does not go to a web page" in refused(HEADER + "## One\n[x](other.md)\n")


def test_script_links_are_refused():
    assert "does not go to a web page" in refused(HEADER + "## One\n[click](javascript:alert(1))\n")


# -- text ------------------------------------------------------------------------------------

def test_text_must_be_utf8():
    with pytest.raises(LessonError, match="not UTF-8 text \\(line 2\\)"):
        decode_lesson_text("---\ntitle: Café\n".encode("latin-1"))


def test_byte_order_mark_and_windows_newlines_are_fine():
    text = decode_lesson_text(b"\xef\xbb\xbf---\r\ntitle: T\r\nboard: uno\r\n---\r\n"
                              b"## One\r\nGo\r\n")
    assert parse_lesson(text).steps[0].title == "One"


def test_overlong_text_is_refused():
    with pytest.raises(LessonError, match="too long"):
        decode_lesson_text(b"x" * (256 * 1024 + 1))


def test_nul_bytes_are_refused():
    with pytest.raises(LessonError, match="not a text file"):
        decode_lesson_text(b"---\x00\n")
