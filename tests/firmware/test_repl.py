# SPDX-License-Identifier: GPL-3.0-or-later
"""The host build's REPL and file runner, driven through a pipe and a terminal.

A dialogue is a list of (line sent, exact output expected after it). Through a
pipe all lines go in at once and the whole output must match; through a
pseudo-terminal each line is sent only after the output for the previous one
(ending in the next prompt) has arrived, so prompts must be printed and flushed
exactly when the next line is wanted.
"""

import os
import select
import subprocess
import time
import tty
from pathlib import Path

import pytest

from .conftest import VARIANTS

TIMEOUT = 30
WELCOME = 'Welcome to Snek 0.1.0\n'
SANITIZER_MARKS = (b'Sanitizer', b'runtime error', b'==ERROR')

# A dialogue starts with the banner and the first prompt (line None).
Dialogue = list[tuple[str | None, str]]

EXAMPLE: Dialogue = [
    (None, WELCOME + '> '),
    ('print(6*7)', '42\n> '),
    ('1+2', '3\n> '),
    ('_ * 10', '30\n> '),
    ('if 1:', '+ '),
    ('  print("y")', '+ '),
    ('', 'y\n> '),
    ('x = 5', '> '),
    ('x', '5\n> '),
]

DEF_CALL: Dialogue = [
    (None, WELCOME + '> '),
    ('def f(a):', '+ '),
    ('    return a * 2', '+ '),
    ('', '> '),
    ('f(21)', '42\n> '),
]

BRACKETS: Dialogue = [
    (None, WELCOME + '> '),
    ('print(1,', '+ '),
    ('2)', '1 2\n> '),
    ('[1,', '+ '),
    (' 2,', '+ '),
    (' 3]', '[1, 2, 3]\n> '),
    ('{"a":', '+ '),
    ('  (4,', '+ '),
    ('   5)}', "{'a': (4, 5)}\n> "),
]

ERROR_THEN_CONTINUE: Dialogue = [
    (None, WELCOME + '> '),
    ('y', '<stdin>:1 undefined: y\n> '),
    ('print(1)', '1\n> '),
]

# A syntax error in the middle of a line discards the rest of that line.
SYNTAX_ERROR_MID_LINE: Dialogue = [
    (None, WELCOME + '> '),
    ('x = 1 ) print(2)', '<stdin>:1 Syntax error at ")".\n> '),
    ('print(3)', '3\n> '),
    ('print(4) ) print(5)', '<stdin>:3 Syntax error at ")".\n> '),
    ('print(6)', '6\n> '),
]

# `_` holds the last printed expression value; statements, None and errors
# leave it alone.
UNDERSCORE: Dialogue = [
    (None, WELCOME + '> '),
    ('1', '1\n> '),
    ('_ + 1', '2\n> '),
    ('_ * 10', '20\n> '),
    ('_', '20\n> '),
    ('"a" * 2', "'aa'\n> "),
    ('_ + "b"', "'aab'\n> "),
    ('None', '> '),
    ('_', "'aab'\n> "),
    ('x = 5', '> '),
    ('_', "'aab'\n> "),
    ('print(9)', '9\n> '),
    ('_', "'aab'\n> "),
    ('undefined_name', '<stdin>:13 undefined: undefined_name\n> '),
    ('_', "'aab'\n> "),
    ('[1, 2][5]', '<stdin>:15 index out of range: 5\n> '),
    ('_', "'aab'\n> "),
    ('[1, _]', "[1, 'aab']\n> "),
    ('len(_)', '2\n> '),
]

# Errors of every kind, at top level, inside calls and halfway through a loop:
# globals (values, functions, partially built lists) survive all of them.
GLOBALS_SURVIVE: Dialogue = [
    (None, WELCOME + '> '),
    ('x = 41', '> '),
    ('l = []', '> '),
    ('def g(n):', '+ '),
    ('    global x', '+ '),
    ('    x = x + n', '+ '),
    ('    return undefined_in_g', '+ '),
    ('', '> '),
    ('x + "a"', "<stdin>:8 type mismatch: 41 + 'a'\n> "),
    ('x', '41\n> '),
    ('g(1)', '<stdin>:6 undefined: undefined_in_g\n> '),
    ('x', '42\n> '),
    ('for i in range(5):', '+ '),
    ('    l = l + [i]', '+ '),
    ('    if i == 2:', '+ '),
    ('        l[10]', '+ '),
    ('', '<stdin>:15 index out of range: 10\n> '),
    ('l', '[0, 1, 2]\n> '),
    ('i', '2\n> '),
    ('x = = 3', '<stdin>:19 Syntax error at "=".\n> '),
    ('x', '42\n> '),
    ('{1: 2}[3]', '<stdin>:21 key not found: 3\n> '),
    ('assert x == 0', '<stdin>:22 AssertionError\n> '),
    ('len(1, 2)', '<stdin>:23 bad args. wanted 1 got 2\n> '),
    ('break', '<stdin>:24 not in loop\n> '),
    ('print(x, l, i)', '42 [0, 1, 2] 2\n> '),
    ('g', '<function g>\n> '),
]

# print(end='') output is flushed before the next prompt.
PRINT_NO_NEWLINE: Dialogue = [
    (None, WELCOME + '> '),
    ('print("abc", end="")', 'abc> '),
    ('print(1, 2, end="")', '1 2> '),
    ('for i in range(3):', '+ '),
    ('    print(i, end="")', '+ '),
    ('', '012> '),
    ('print()', '\n> '),
]

DIALOGUES = {
    'example': EXAMPLE,
    'def_call': DEF_CALL,
    'brackets': BRACKETS,
    'error_then_continue': ERROR_THEN_CONTINUE,
    'syntax_error_mid_line': SYNTAX_ERROR_MID_LINE,
    'underscore': UNDERSCORE,
    'globals_survive': GLOBALS_SURVIVE,
    'print_no_newline': PRINT_NO_NEWLINE,
}


def assert_no_sanitizer(data: bytes) -> None:
    for mark in SANITIZER_MARKS:
        assert mark not in data, data.decode(errors='replace')


def pipe(binary: Path, text: str | bytes) -> subprocess.CompletedProcess:
    """Run the REPL with `text` on a pipe; capture stdout and stderr."""
    data = text.encode() if isinstance(text, str) else text
    return subprocess.run([str(binary)], input=data, capture_output=True, timeout=TIMEOUT)


def pipe_dialogue(binary: Path, dialogue: Dialogue) -> None:
    text = ''.join(line + '\n' for line, _ in dialogue if line is not None)
    expected = ''.join(out for _, out in dialogue)
    got = pipe(binary, text)
    assert_no_sanitizer(got.stderr)
    assert got.stdout.decode() == expected
    assert got.stderr == b''
    assert got.returncode == 0


class Terminal:
    """The REPL on a raw pseudo-terminal: stdin, stdout and stderr."""

    def __init__(self, binary: Path):
        self.master, slave = os.openpty()
        tty.setraw(slave)
        try:
            self.proc = subprocess.Popen([str(binary)], stdin=slave, stdout=slave, stderr=slave,
                                         close_fds=True, start_new_session=True)
        except BaseException:
            os.close(self.master)
            raise
        finally:
            os.close(slave)
        self.output = b''

    def read_until(self, expected: bytes, timeout: float = TIMEOUT) -> bytes:
        """Read until the output so far is at least as long as `expected`
        (or stops matching it), then return all of it."""
        deadline = time.monotonic() + timeout
        while len(self.output) < len(expected) and expected.startswith(self.output):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                break
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            self.output += chunk
        return self.output

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def send_all(self, data: bytes, timeout: float = TIMEOUT) -> None:
        """Write everything as fast as the terminal takes it, collecting
        output meanwhile so neither side can block the other."""
        deadline = time.monotonic() + timeout
        while data:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f'{len(data)} bytes not taken by the terminal')
            readable, writable, _ = select.select([self.master], [self.master], [], left)
            if readable:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    pass
            if writable:
                data = data[os.write(self.master, data[:4096]):]

    def finish(self) -> int:
        """Hang up (the child reads end of input) and return its exit status."""
        os.close(self.master)
        self.master = -1
        try:
            return self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise

    def close(self) -> None:
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def pty_dialogue(binary: Path, dialogue: Dialogue) -> None:
    term = Terminal(binary)
    try:
        expected = b''
        for line, out in dialogue:
            if line is not None:
                term.send(line.encode() + b'\n')
            expected += out.encode()
            got = term.read_until(expected)
            assert_no_sanitizer(got)
            assert got.decode(errors='replace') == expected.decode(), f'after sending {line!r}'
        assert term.finish() == 0
    finally:
        term.close()


@pytest.mark.parametrize('variant', VARIANTS)
@pytest.mark.parametrize('name', DIALOGUES)
def test_dialogue_through_pipe(name, variant, snek_builds):
    pipe_dialogue(snek_builds[variant], DIALOGUES[name])


@pytest.mark.parametrize('variant', VARIANTS)
@pytest.mark.parametrize('name', DIALOGUES)
def test_dialogue_through_terminal(name, variant, snek_builds):
    pty_dialogue(snek_builds[variant], DIALOGUES[name])


def test_example_exact_output(snek):
    """The exchange from the documentation, byte for byte."""
    got = pipe(snek, 'print(6*7)\n1+2\n_ * 10\nif 1:\n  print("y")\n\nx = 5\nx\n')
    assert got.stdout == b'Welcome to Snek 0.1.0\n> 42\n> 3\n> 30\n> + + y\n> > 5\n> '
    assert got.stderr == b''
    assert got.returncode == 0


def test_empty_input(snek):
    got = pipe(snek, '')
    assert (got.stdout, got.stderr, got.returncode) == (WELCOME.encode() + b'> ', b'', 0)


# Expressions whose value the REPL prints exactly as CPython's repr does.
REPR_EXPRESSIONS = [
    '0', '42', '-3', '1.5', '0.25', '-2.5', '1e-3', '2**10',
    '"hi"', "'single'", '"it\'s"', '""', '"a\\nb"', '"\\t"', '"\\\\"', '"\\x01"',
    'True', 'False', '1 == 1', '1 > 2', 'not 0',
    '[]', '[1, "a", [2.5]]', '()', '(1,)', '(1, "x")', '{}', '{"k": [True, None]}',
    '{1: "b"}', 'len("abc")', 'str(12)', '"ab" * 3', '[0] * 3',
]


@pytest.mark.parametrize('expr', REPR_EXPRESSIONS)
def test_value_printed_with_repr(expr, snek):
    expected = repr(eval(expr))  # noqa: S307 - constant test expressions
    got = pipe(snek, expr + '\n')
    assert got.stdout.decode() == f'{WELCOME}> {expected}\n> '
    assert got.stderr == b''
    assert got.returncode == 0


@pytest.mark.parametrize('expr', ['None', 'print()', 'x = None', '[1][0] == 2 or None'])
def test_none_is_not_printed(expr, snek):
    got = pipe(snek, expr + '\n1\n')
    expected = '\n' if expr == 'print()' else ''
    assert got.stdout.decode() == f'{WELCOME}> {expected}> 1\n> '
    assert got.returncode == 0


def test_errors_go_to_stdout_in_repl(snek):
    got = pipe(snek, 'y\n1 + "a"\n')
    assert got.stdout.decode() == (f"{WELCOME}> <stdin>:1 undefined: y\n"
                                   f"> <stdin>:2 type mismatch: 1 + 'a'\n> ")
    assert got.stderr == b''
    assert got.returncode == 0


def run_file(binary: Path, tmp_path: Path, source: str | bytes, stdin: bytes = b'',
             name: str = 'prog.py') -> subprocess.CompletedProcess:
    data = source.encode() if isinstance(source, str) else source
    (tmp_path / name).write_bytes(data)
    return subprocess.run([str(binary), name], cwd=tmp_path, input=stdin,
                          capture_output=True, timeout=TIMEOUT)


@pytest.mark.parametrize('variant', VARIANTS)
def test_file_error_on_stderr(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, 'print(1)\nprint(2)\nprint(y)\nprint(4)\n')
    assert got.stdout == b'1\n2\n'
    assert got.stderr == b'prog.py:3 undefined: y\n'
    assert got.returncode == 1


def test_file_name_as_given(snek, tmp_path):
    (tmp_path / 'sub').mkdir()
    (tmp_path / 'sub' / 'e.py').write_text('\n\nx = [1][2]\n')
    got = subprocess.run([str(snek), 'sub/e.py'], cwd=tmp_path, capture_output=True,
                         timeout=TIMEOUT)
    assert got.stderr == b'sub/e.py:3 index out of range: 2\n'
    assert got.returncode == 1


COMMENT_LAST = 'x = 3\nprint(x * 2)\n# the end, no newline'


@pytest.mark.parametrize('variant', VARIANTS)
def test_comment_last_line_without_newline_as_file(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, COMMENT_LAST)
    assert (got.stdout, got.stderr, got.returncode) == (b'6\n', b'', 0)


@pytest.mark.parametrize('variant', VARIANTS)
def test_comment_last_line_without_newline_in_repl(variant, snek_builds):
    got = pipe(snek_builds[variant], COMMENT_LAST)
    assert got.stdout.decode() == f'{WELCOME}> > 6\n> '
    assert got.stderr == b''
    assert got.returncode == 0


# Blocks cut off by the end of input, with and without a final newline.
UNTERMINATED = {
    'if_no_newline': ('if 1:\n    print("in")\n    print("block")', 'in\nblock\n', '> + + '),
    'if_newline': ('if 1:\n    print("in")\n', 'in\n', '> + + '),
    'for': ('for i in range(3):\n    print(i)\n', '0\n1\n2\n', '> + + '),
    'while': ('n = 2\nwhile n:\n    print(n)\n    n = n - 1', '2\n1\n', '> > + + '),
    'nested': ('if 1:\n    if 1:\n        print("deep")', 'deep\n', '> + + '),
    'def_then_eof': ('def f():\n    return 1', '', '> + '),
}


@pytest.mark.parametrize('variant', VARIANTS)
@pytest.mark.parametrize('case', UNTERMINATED)
def test_unterminated_block_at_end_of_file(case, variant, snek_builds, tmp_path):
    source, out, _ = UNTERMINATED[case]
    got = run_file(snek_builds[variant], tmp_path, source)
    assert (got.stdout.decode(), got.stderr, got.returncode) == (out, b'', 0)


@pytest.mark.parametrize('variant', VARIANTS)
@pytest.mark.parametrize('case', UNTERMINATED)
def test_unterminated_block_at_end_of_repl_input(case, variant, snek_builds):
    source, out, prompts = UNTERMINATED[case]
    got = pipe(snek_builds[variant], source)
    assert got.stdout.decode() == WELCOME + prompts + out
    assert got.stderr == b''
    assert got.returncode == 0


def test_unterminated_block_at_end_of_terminal_input(snek):
    term = Terminal(snek)
    try:
        term.send(b'for i in range(3):\n')
        assert term.read_until(b'Welcome to Snek 0.1.0\n> + ') == b'Welcome to Snek 0.1.0\n> + '
        term.send(b'    print(i)\n')
        assert term.read_until(b'Welcome to Snek 0.1.0\n> + + ') == b'Welcome to Snek 0.1.0\n> + + '
        assert term.finish() == 0
    finally:
        term.close()


INPUT_PROGRAM = ('a = input()\n'
                 'b = input("? ")\n'
                 'print(a + "|" + b)\n'
                 'print(len(a), len(b))\n'
                 'c = input()\n'
                 'print(c * 2)\n')


@pytest.mark.parametrize('variant', VARIANTS)
def test_input_reads_stdin_lines_when_running_a_file(variant, snek_builds, tmp_path):
    got = run_file(snek_builds[variant], tmp_path, INPUT_PROGRAM, stdin=b'hello\nworld!\nab\n')
    assert got.stdout.decode() == '? hello|world!\n5 6\nabab\n'
    assert got.stderr == b''
    assert got.returncode == 0


def test_input_value_is_a_string(snek, tmp_path):
    got = run_file(snek, tmp_path, 'n = input()\nprint(n + "!", int(n) + 1)\n', stdin=b'41\n')
    assert (got.stdout, got.stderr, got.returncode) == (b'41! 42\n', b'', 0)


# Input that arrives while a statement is still running (a pipe delivers all
# of it at once; at a terminal this is typing ahead) must all be read, in order.
TYPE_AHEAD_LINES = 2000
TYPE_AHEAD = ('n = 0\nfor i in range(10000000):\n    n = n + 1\n\nx = 0\n'
              + 'x = x + 1\n' * TYPE_AHEAD_LINES + 'print(n, x)\n')
TYPE_AHEAD_OUT = WELCOME + '> > + + > ' + '> ' * (TYPE_AHEAD_LINES + 1) + f'10000000 {TYPE_AHEAD_LINES}\n> '


@pytest.mark.parametrize('variant', VARIANTS)
def test_input_arriving_while_running_is_kept_pipe(variant, snek_builds):
    got = pipe(snek_builds[variant], TYPE_AHEAD)
    assert_no_sanitizer(got.stderr)
    assert got.stdout.decode()[-200:] == TYPE_AHEAD_OUT[-200:]
    assert got.stdout.decode() == TYPE_AHEAD_OUT
    assert (got.stderr, got.returncode) == (b'', 0)


def test_input_arriving_while_running_is_kept_terminal(snek):
    term = Terminal(snek)
    try:
        expected = TYPE_AHEAD_OUT.encode()
        term.send_all(TYPE_AHEAD.encode())
        got = term.read_until(expected, timeout=10)
        assert got[-200:].decode(errors='replace') == expected[-200:].decode()
        assert got == expected
        assert term.finish() == 0
    finally:
        term.close()
