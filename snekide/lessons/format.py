# SPDX-License-Identifier: GPL-3.0-or-later
"""The lesson format: Markdown with a small header, `##` steps, runnable snek blocks and checks.

A lesson is UTF-8 Markdown (CommonMark plus tables) that starts with a header between two
`---` lines (title, board, world, author). Each `##` heading starts a step. A fenced block tagged
`snek` runs at the REPL, `snek forever` is a loop meant to run until stopped, `output` is what the
REPL should show for the step's check and `goal` is a robot goal in the lesson's world.
The format is described for teachers in docs/lessons.md.

Everything shown is rendered here, sanitized: raw HTML is shown as text and HTML that could run
code or load anything (scripts, frames, pictures, event handlers) is refused; pictures must be
files inside the lesson; links may only point to web pages, opened outside the IDE.
"""

from __future__ import annotations

import hashlib
import html
import posixpath
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from urllib.parse import unquote

from markdown_it import MarkdownIt
from markdown_it.token import Token

from snekide.robot.world import ROBOT_BOARD, world_names

#: Boards a lesson may name, with the name a student sees.
BOARDS: dict[str, str] = {
    "uno": "Arduino Uno",
    "duemilanove": "Arduino Duemilanove",
    "snekboard": "Snekboard",
}

HEADER_FIELDS = ("title", "board", "world", "author")
REQUIRED_FIELDS = ("title", "board")
#: The longest lesson text read: a lesson is a few pages (the shipped ones are under 10 KB).
#: Parsing takes up to about 30 µs a byte on odd input (a long run of "["): this bounds it.
MAX_LESSON_BYTES = 256 * 1024
#: Picture files a lesson may show, by extension.
PICTURE_TYPES = ("png", "jpg", "jpeg", "gif", "svg")
#: Link targets that may be opened (in the web browser, never inside the IDE).
LINK_SCHEMES = ("http://", "https://", "mailto:")
#: Snek refuses tabs; a tab in a snek block stands for spaces to the next multiple of this.
TAB_SIZE = 4
#: A robot goal comes true within this many centimetres unless it says otherwise.
DEFAULT_RADIUS_CM = 10.0
#: A `turn` goal comes true within this many degrees unless it says otherwise: a student who
#: times a quarter turn well gets 89.9 degrees, not 90.
DEFAULT_TURN_SLACK_DEG = 5.0
#: A `home` goal needs the robot to have gone at least this far first.
HOME_MIN_TRAVEL_CM = 30.0

#: HTML that could run code, submit data or load something: refused, not just escaped.
_DANGEROUS_TAGS = re.compile(
    r"<\s*/?\s*(script|style|iframe|frame|frameset|object|embed|applet|link|meta|base|form|"
    r"input|button|textarea|select|img|image|picture|source|video|audio|track|svg|math|"
    r"template|portal)\b", re.IGNORECASE)
_DANGEROUS_ATTRIBUTES = re.compile(
    r"\bon[a-z]+\s*=|javascript:|vbscript:|\b(src|href|srcset|action|formaction|background|"
    r"poster|data|xlink:href)\s*=|url\s*\(|@import", re.IGNORECASE)
_GOAL_WORDS = {"reach": 2, "travel": 1, "turn": 1, "home": 0}


class LessonError(ValueError):
    """A lesson that cannot be opened. str() is the message for the teacher or student."""


@dataclass(frozen=True)
class Prose:
    """Text, pictures and tables between code blocks, as sanitized HTML."""

    html: str


@dataclass(frozen=True)
class CodeBlock:
    """A `snek` block: code to try at the REPL or copy into the program."""

    code: str
    forever: bool
    line: int  # where its fence starts in the lesson file (1-based)


@dataclass(frozen=True)
class Goal:
    """A robot goal: `reach X Y`, `travel CM`, `turn DEGREES` or `home` (optionally `within N`:
    centimetres, or for `turn` degrees short of the turn)."""

    kind: str
    values: tuple[float, ...]
    radius: float
    text: str

    def describe(self) -> str:
        """The goal in words a student reads."""
        if self.kind == "reach":
            x, y = self.values
            return f"Drive the robot to the spot at x = {_num(x)} cm, y = {_num(y)} cm."
        if self.kind == "travel":
            return f"Drive the robot at least {_num(self.values[0])} cm."
        if self.kind == "turn":
            return f"Turn the robot at least {_num(self.values[0])} degrees."
        return "Bring the robot back to where it started."


@dataclass(frozen=True)
class Check:
    """What makes a step done: lines the REPL shows, and robot goals met."""

    outputs: tuple[str, ...] = ()
    goals: tuple[Goal, ...] = ()


@dataclass(frozen=True)
class Step:
    """One `##` section of a lesson, shown on its own page."""

    number: int  # 1-based
    title: str
    parts: tuple[Prose | CodeBlock, ...]
    check: Check | None
    line: int

    @property
    def blocks(self) -> tuple[CodeBlock, ...]:
        return tuple(part for part in self.parts if isinstance(part, CodeBlock))


@dataclass(frozen=True)
class Lesson:
    """A parsed lesson sheet."""

    title: str
    board: str
    world: str | None
    author: str
    intro: str  # sanitized HTML shown above the first step
    steps: tuple[Step, ...]
    pictures: tuple[str, ...]  # the picture files it shows, as paths inside the lesson

    @property
    def board_name(self) -> str:
        return BOARDS[self.board]

    @property
    def key(self) -> str:
        """Names the lesson wherever its file is (progress is kept under this name)."""
        ident = "\n".join((self.title, self.author, self.board, self.world or ""))
        return hashlib.sha256(ident.encode("utf-8")).hexdigest()[:16]

    def blocks(self) -> Iterator[tuple[Step, CodeBlock]]:
        for step in self.steps:
            for block in step.blocks:
                yield step, block


# -- reading ---------------------------------------------------------------------------------

def decode_lesson_text(data: bytes, name: str = "lesson.md") -> str:
    """The lesson's text from its bytes: UTF-8 (a byte-order mark is allowed), not too long."""
    if len(data) > MAX_LESSON_BYTES:
        raise LessonError(f"{name} is too long to be a lesson "
                          f"({len(data):,} bytes; at most {MAX_LESSON_BYTES:,}).")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise LessonError(f"{name} is not UTF-8 text (line {line}). Save it again as "
                          "UTF-8 in your text editor.") from None
    if "\x00" in text:
        raise LessonError(f"{name} is not a text file.")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def parse_lesson(text: str) -> Lesson:
    """Parse lesson text, refusing anything unsafe or broken with a LessonError."""
    header, body, body_line = _split_header(text)
    world = header.get("world") or None
    tokens = _markdown().parse(body)
    parser = _BodyParser(body_line, world is not None)
    intro, steps = parser.parse(tokens)
    if not steps:
        raise LessonError("This lesson has no steps. Each step starts with a line like "
                          "'## Switch on the light'.")
    return Lesson(title=header["title"], board=header["board"], world=world,
                  author=header.get("author", ""), intro=intro, steps=tuple(steps),
                  pictures=tuple(dict.fromkeys(parser.pictures)))


def _split_header(text: str) -> tuple[dict[str, str], str, int]:
    """The header's fields, the Markdown after it, and the file line the Markdown starts on."""
    lines = text.split("\n")
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start >= len(lines) or lines[start].strip() != "---":
        raise LessonError("A lesson starts with a header between two '---' lines, such as:\n"
                          "---\ntitle: Lights\nboard: uno\n---")
    fields: dict[str, str] = {}
    for number in range(start + 1, len(lines)):
        line = lines[number].strip()
        if line == "---":
            break
        if not line:
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in HEADER_FIELDS:
            raise LessonError(f"Line {number + 1}: the header knows only "
                              f"{', '.join(HEADER_FIELDS)}; it does not know {line!r}. "
                              "(Is the header's closing '---' line missing?)")
        if key in fields:
            raise LessonError(f"Line {number + 1}: the header gives {key} twice.")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1].strip()  # quoted, as in YAML
        fields[key] = value
    else:
        raise LessonError("The lesson's header has no closing '---' line.")
    for key in REQUIRED_FIELDS:
        if not fields.get(key):
            raise LessonError(f"The lesson's header needs a {key} (a line like '{key}: ...').")
    fields["board"] = fields["board"].lower()
    if fields["board"] not in BOARDS:
        raise LessonError(f"This lesson is for a board called {fields['board']!r}, which snekide "
                          f"does not know. Boards: {', '.join(BOARDS)}.")
    if fields.get("world"):
        fields["world"] = fields["world"].lower()
        if fields["world"] not in world_names():
            raise LessonError(f"This lesson needs a robot world called {fields['world']!r}, which "
                              f"snekide does not have. Worlds: {', '.join(world_names())}.")
        if fields["board"] != ROBOT_BOARD:
            raise LessonError(f"This lesson names the robot world {fields['world']!r} but is for "
                              f"the {BOARDS[fields['board']]}. The simulated robot is wired to a "
                              f"Snekboard's motor and sensor ports: write 'board: {ROBOT_BOARD}', "
                              "or leave the world out.")
    body_start = number + 1
    return fields, "\n".join(lines[body_start:]), body_start


def _markdown() -> MarkdownIt:
    # HTML is parsed (so that it can be found and refused) but never rendered as HTML.
    md = MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")
    # Every link and picture reaches the checks below, which refuse the unsafe ones by name
    # (markdown-it would quietly show them as text).
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    md.add_render_rule("html_block", _render_escaped)
    md.add_render_rule("html_inline", _render_escaped)
    return md


def _render_escaped(self: object, tokens: Sequence[Token], idx: int, options: object,
                    env: object) -> str:
    return html.escape(tokens[idx].content)


class _BodyParser:
    """Walks the Markdown tokens: cuts them into steps and checks everything shown."""

    def __init__(self, first_line: int, has_world: bool) -> None:
        self.first_line = first_line
        self.has_world = has_world
        self.md = _markdown()
        self.pictures: list[str] = []

    def line_of(self, token: Token) -> int:
        return self.first_line + (token.map[0] if token.map else 0) + 1

    def parse(self, tokens: list[Token]) -> tuple[str, list[Step]]:
        intro: list[Token] = []
        sections: list[tuple[Token, str, list[Token]]] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            self.check_token(token)
            if token.type == "heading_open" and token.tag == "h2":
                title = _plain_text(tokens[i + 1])
                if not title:
                    raise LessonError(f"Line {self.line_of(token)}: this step has no title.")
                sections.append((token, title, []))
                i += 3  # heading_open, inline, heading_close
                continue
            (sections[-1][2] if sections else intro).append(token)
            i += 1
        for token in intro:
            if token.type == "fence" and _fence_kind(token) != "display":
                raise LessonError(f"Line {self.line_of(token)}: this block comes before the "
                                  "first step ('## ...'); put it inside a step.")
        steps = [self.step(number, heading, title, body)
                 for number, (heading, title, body) in enumerate(sections, start=1)]
        return self.render(intro), steps

    def step(self, number: int, heading: Token, title: str, body: list[Token]) -> Step:
        parts: list[Prose | CodeBlock] = []
        prose: list[Token] = []
        outputs: list[str] = []
        goals: list[Goal] = []
        for token in body:
            kind = _fence_kind(token) if token.type == "fence" else "prose"
            if kind in ("prose", "display"):
                prose.append(token)
                continue
            if kind == "output":
                outputs.append(token.content)
                prose.append(token)  # shown where it is written, too: "you should see:"
                continue
            if kind == "goal":
                goals.extend(self.goals(token))
                continue
            if prose:
                parts.append(Prose(self.render(prose)))
                prose = []
            parts.append(self.code_block(token))
        if prose:
            parts.append(Prose(self.render(prose)))
        check = Check(tuple(outputs), tuple(goals)) if outputs or goals else None
        return Step(number, title, tuple(parts), check, self.line_of(heading))

    def code_block(self, token: Token) -> CodeBlock:
        words = token.info.split()
        options = [word.lower() for word in words[1:]]
        if options not in ([], ["forever"]):
            raise LessonError(f"Line {self.line_of(token)}: a code block is tagged 'snek' or "
                              f"'snek forever', not {token.info.strip()!r}.")
        code = "\n".join(line.expandtabs(TAB_SIZE) for line in token.content.split("\n"))
        if not code.strip():
            raise LessonError(f"Line {self.line_of(token)}: this snek block is empty.")
        return CodeBlock(code.rstrip() + "\n", bool(options), self.line_of(token))

    def goals(self, token: Token) -> list[Goal]:
        where = self.line_of(token)
        if not self.has_world:
            raise LessonError(f"Line {where}: a robot goal needs a world in the header "
                              "(a line like 'world: floor').")
        goals = []
        for offset, line in enumerate(token.content.split("\n"), start=1):
            if line.strip():
                goals.append(_parse_goal(line.strip(), where + offset))
        if not goals:
            raise LessonError(f"Line {where}: this goal block is empty.")
        return goals

    def check_token(self, token: Token) -> None:
        """Refuse dangerous HTML, pictures from outside the lesson and odd links."""
        for item in [token, *(token.children or [])]:
            if item.type in ("html_block", "html_inline"):
                content = item.content
                if _DANGEROUS_TAGS.search(content) or _DANGEROUS_ATTRIBUTES.search(content):
                    raise LessonError(
                        f"Line {self.line_of(token)}: this lesson has HTML that could run a "
                        "program or load something from the internet "
                        f"({item.content.strip()[:40]!r}). Lessons are plain Markdown; "
                        "show pictures with ![words](picture.png).")
            elif item.type == "image":
                item.attrSet("src", self.picture(str(item.attrGet("src") or ""), token))
            elif item.type == "link_open":
                href = str(item.attrGet("href") or "")
                if not href.lower().startswith(LINK_SCHEMES):
                    raise LessonError(f"Line {self.line_of(token)}: the link {href!r} does not "
                                      "go to a web page (http:// or https://).")

    def picture(self, src: str, token: Token) -> str:
        """The picture's path inside the lesson, or a LessonError if it is not in there."""
        where = f"Line {self.line_of(token)}"
        name = unquote(src)
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", name) or name.startswith(("/", "\\")):
            raise LessonError(f"{where}: the picture {src!r} is not inside the lesson. A lesson "
                              "shows only its own picture files, never pictures from the internet.")
        path = posixpath.normpath(name)
        if "\\" in name or path == ".." or path.startswith("../"):
            raise LessonError(f"{where}: the picture {src!r} is outside the lesson's folder.")
        if path.rsplit(".", 1)[-1].lower() not in PICTURE_TYPES or "." not in path:
            raise LessonError(f"{where}: the picture {src!r} is not a PNG, JPEG, GIF or SVG file.")
        self.pictures.append(path)
        return path

    def render(self, tokens: list[Token]) -> str:
        return self.md.renderer.render(tokens, self.md.options, {}) if tokens else ""


def _fence_kind(token: Token) -> str:
    """snek, output, goal, or display (any other code block, shown but not run)."""
    word = token.info.split()[0].lower() if token.info.split() else ""
    return word if word in ("snek", "output", "goal") else "display"


def _plain_text(inline: Token) -> str:
    return "".join(child.content for child in inline.children or []
                   if child.type in ("text", "code_inline", "html_inline")).strip()


def _parse_goal(text: str, line: int) -> Goal:
    words = text.split()
    kind = words[0].lower()
    radius = DEFAULT_TURN_SLACK_DEG if kind == "turn" else DEFAULT_RADIUS_CM
    if len(words) >= 2 and words[-2].lower() == "within":
        radius = _number(words[-1], line)
        words = words[:-2]
    if kind not in _GOAL_WORDS or len(words) != 1 + _GOAL_WORDS[kind]:
        raise LessonError(f"Line {line}: the goal {text!r} is not one of: 'reach X Y', "
                          "'travel CM', 'turn DEGREES', 'home' (each may end 'within N').")
    return Goal(kind, tuple(_number(word, line) for word in words[1:]), radius, text)


def _number(word: str, line: int) -> float:
    try:
        return float(word)
    except ValueError:
        raise LessonError(f"Line {line}: {word!r} should be a number.") from None


def _num(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)
