# SPDX-License-Identifier: GPL-3.0-or-later
"""`snekide-lesson`: check, try out and share lesson files without opening the IDE.

    snekide-lesson check FILE...          open each as snekide would: OK, or why it is refused
    snekide-lesson run FILE...            also run every snek block on a fresh board of the
                                          lesson's kind (snek forever blocks for 2 s)
    snekide-lesson export FILE [OUT]      write the lesson and its pictures as one .sneklesson

Exit status 0 when every file passed, 1 otherwise, 2 for a wrong command line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from snekide.lessons.bundle import export_lesson, open_lesson
from snekide.lessons.format import LessonError
from snekide.lessons.runner import FOREVER_SECONDS, run_block


def check(paths: list[Path], run: bool) -> int:
    status = 0
    for path in paths:
        try:
            loaded = open_lesson(path)
        except LessonError as error:
            print(f"{path}: refused: {error}")
            status = 1
            continue
        lesson = loaded.lesson
        print(f"{path}: OK: {lesson.title!r} for {lesson.board_name}"
              + (f" in the {lesson.world} world" if lesson.world else "")
              + f", {len(lesson.steps)} steps")
        if not run:
            continue
        for step, block in lesson.blocks():
            result = run_block(block.code, lesson.board, lesson.world, forever=block.forever,
                               seconds=FOREVER_SECONDS)
            verdict = "ok" if result.ok else f"FAILED: {result.error}"
            print(f"  line {block.line} (step {step.number}: {step.title}): {verdict}")
            if not result.ok:
                status = 1
    return status


def export(path: Path, target: Path | None) -> int:
    try:
        loaded = open_lesson(path)
    except LessonError as error:
        print(f"{path}: refused: {error}")
        return 1
    target = target or path.with_suffix(".sneklesson")
    try:
        written = export_lesson(loaded, target)
    except OSError as error:
        print(f"{target}: could not write it: {error.strerror or error}")
        return 1
    print(f"{written}: {len(loaded.pictures)} pictures with the lesson")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="snekide-lesson",
                                     description="Check, run and share snekide lessons.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (("check", "open each lesson as snekide would"),
                       ("run", "check, and run every snek block on a fresh board")):
        command = commands.add_parser(name, help=text)
        command.add_argument("files", nargs="+", type=Path)
    command = commands.add_parser("export", help="write a lesson as one .sneklesson file")
    command.add_argument("file", type=Path)
    command.add_argument("target", nargs="?", type=Path)
    args = parser.parse_args(argv)
    if args.command == "export":
        return export(args.file, args.target)
    return check(args.files, run=args.command == "run")


if __name__ == "__main__":
    sys.exit(main())
