#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests for firmware/tools/llgen.py, the LL(1) parse-table generator."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LLGEN = ROOT / "firmware" / "tools" / "llgen.py"

EXPR_GRAMMAR = """\
# Arithmetic expressions, precedence climbing written in LL(1) form.
%start input
%token NUM PLUS MINUS TIMES DIVIDE
%token_text PLUS "+"
%token_text MINUS "-"
%token_text TIMES "*"
%token_text DIVIDE "/"
%token_text LPAREN "("
%token_text RPAREN ")"
%token_text END "end"

input     : expr END ;
expr      : term expr_rest ;
expr_rest : PLUS term @add expr_rest
          | MINUS term @sub expr_rest
          |                             # empty
          ;
term      : factor term_rest ;
term_rest : TIMES factor @mul term_rest
          | DIVIDE factor @div term_rest
          |
          ;
factor    : NUM @num
          | LPAREN expr RPAREN
          | MINUS factor @neg
          ;
"""

# A table-driven LL(1) parse loop using the generated tables.  Tokens come
# from argv: numbers, or the token texts from parse_token_names.
DRIVER_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#define PARSE_WANT_NAMES
#include "gram.h"

static char **words;
static int nwords, pos;
static const char *last_text = "";

static int lex(void)
{
	if (pos >= nwords)
		return TOK_END;
	for (int t = 0; t < TOK_COUNT; t++)
		if (!strcmp(words[pos], parse_token_names[t]) ||
		    (isdigit((unsigned char) words[pos][0]) && !strcmp(parse_token_names[t], "NUM")))
			return t;
	fprintf(stderr, "bad word %s\n", words[pos]);
	exit(2);
}

static void action(int act)
{
	/* @num prints the number just matched; other actions print their names. */
	if (!strcmp(parse_action_names[act], "num"))
		printf("%s ", last_text);
	else
		printf("%s ", parse_action_names[act]);
}

/* The production for nt on tok, as parse.c finds it: its length (plus
 * PARSE_ANY for the default), then its symbols reversed. */
static const parse_sym_t *predict(int nt, int tok)
{
	const parse_sym_t *p = parse_table;
	int t, term, prev = 0;

	for (int i = 0; i < nt; i++)
		p += parse_nt_size[i];
	for (;;) {
		t = *p;
		if (t >= PARSE_ANY)
			return p;
		p++;
		term = t & ~(PARSE_RANGE | PARSE_LAST);
		if (tok == term || ((t & PARSE_RANGE) && tok > prev && tok < term))
			break;
		prev = term;
		if (t & PARSE_LAST)
			p += (*p & (PARSE_MATCH - 1)) + 1;
	}
	while (!(t & PARSE_LAST))
		t = *p++;
	return p;
}

int main(int argc, char **argv)
{
	parse_sym_t stack[256];
	int sp = 0;
	words = argv + 1;
	nwords = argc - 1;
	stack[sp++] = PARSE_START_SYMBOL;
	int tok = lex();
	while (sp > 0) {
		parse_sym_t sym = stack[--sp];
		if (sym < PARSE_FIRST_NONTERM) {
			if (sym != tok) {
				printf("\nerror: expected %s got %s\n", parse_token_names[sym], parse_token_names[tok]);
				return 1;
			}
			last_text = pos < nwords ? words[pos] : "";
			pos++;
			if (sp > 0)
				tok = lex();
		} else if (sym < PARSE_FIRST_ACTION) {
			int nt = sym - PARSE_FIRST_NONTERM;
			const parse_sym_t *p = predict(nt, tok);
			int n = p[0] >= PARSE_ANY ? p[0] - PARSE_ANY : p[0];
			int match = n & PARSE_MATCH;
			for (int i = 1; i <= n - match; i++)
				stack[sp++] = p[i];
			if (match) /* its first symbol, the lookahead, is not stored */
				stack[sp++] = tok;
		} else {
			action(sym - PARSE_FIRST_ACTION);
		}
	}
	if (pos < nwords + 1) {
		printf("\nerror: trailing input\n");
		return 1;
	}
	printf("\nok\n");
	return 0;
}
"""

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not available")


def run_llgen(tmp_path: Path, grammar: str, name: str = "grammar.ll") -> subprocess.CompletedProcess[str]:
    gram = tmp_path / name
    gram.write_text(grammar)
    return subprocess.run(
        [sys.executable, str(LLGEN), str(gram), "-o", str(tmp_path / "gram.h")],
        capture_output=True, text=True, cwd=tmp_path,
    )


def generate(tmp_path: Path, grammar: str) -> tuple[str, str]:
    """Generate a header; return (header text, stdout)."""
    result = run_llgen(tmp_path, grammar)
    assert result.returncode == 0, result.stderr
    return (tmp_path / "gram.h").read_text(), result.stdout


def rejected(tmp_path: Path, grammar: str) -> str:
    result = run_llgen(tmp_path, grammar)
    assert result.returncode == 1, result.stdout + result.stderr
    assert not (tmp_path / "gram.h").exists()
    return result.stderr


def gcc(tmp_path: Path, source: str, *flags: str) -> Path:
    src = tmp_path / "driver.c"
    src.write_text(source)
    exe = tmp_path / "driver"
    subprocess.run(
        ["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", *flags, "-I", str(tmp_path),
         "-o", str(exe), str(src)],
        check=True, capture_output=True, text=True,
    )
    return exe


@pytest.fixture(scope="module")
def expr_driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("gcc") is None:
        pytest.skip("gcc not available")
    tmp_path = tmp_path_factory.mktemp("expr")
    generate(tmp_path, EXPR_GRAMMAR)
    return gcc(tmp_path, DRIVER_C)


def parse(driver: Path, text: str) -> tuple[int, str]:
    result = subprocess.run([str(driver), *text.split()], capture_output=True, text=True)
    return result.returncode, "\n".join(line.strip() for line in result.stdout.strip().splitlines())


def assert_parse_trace(tmp_path: Path, source: str, status: int, trace: str) -> None:
    """The driver on the generated tables: its exit status, the actions it
    ran (the trace) and its last line, "ok" or an error."""
    got, out = parse(gcc(tmp_path, DRIVER_C), source)
    lines = out.splitlines()
    assert got == status
    assert lines[-1].startswith("error:") if status else lines[-1] == "ok"
    assert " ".join(lines[:-1]) == trace


OPERATORS = {"add": "+", "sub": "-", "mul": "*", "div": "/"}


def postfix(output: str) -> str:
    """The action trace of the expression grammar as a postfix expression."""
    return " ".join(OPERATORS.get(word, word) for word in output.split())


# ---------------------------------------------------------------- parsing with the tables


@needs_gcc
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("1 + 2 * 3", "1 2 3 * +"),
        ("( 1 + 2 ) * 3", "1 2 + 3 *"),
        ("1 - 2 - 3", "1 2 - 3 -"),
        ("8 / 4 / 2", "8 4 / 2 /"),
        ("- 4 * 2", "4 neg 2 *"),
        ("1 * - ( 2 + 3 ) - 4", "1 2 3 + neg * 4 -"),
        ("7", "7"),
    ],
)
def test_expression_actions_in_order(expr_driver: Path, source: str, expected: str) -> None:
    status, out = parse(expr_driver, source)
    assert status == 0, out
    trace, ok = out.splitlines()
    assert (postfix(trace), ok) == (expected, "ok")


@needs_gcc
@pytest.mark.parametrize("source", ["1 + * 2", "( 1 + 2", "1 2", "", "+", "1 )", "( )"])
def test_expression_bad_input_rejected(expr_driver: Path, source: str) -> None:
    status, out = parse(expr_driver, source)
    assert status == 1
    assert "error:" in out


@needs_gcc
def test_actions_at_rule_edges(tmp_path: Path) -> None:
    grammar = """\
prog  : @begin items END @end ;
items : item items | ;
item  : A @saw_a | B @saw_b ;
"""
    generate(tmp_path, grammar)
    exe = gcc(tmp_path, DRIVER_C)
    status, out = parse(exe, "A B A")
    assert status == 0
    assert out.splitlines() == ["begin saw_a saw_b saw_a end", "ok"]
    assert parse(exe, "A C")[0] == 2  # unknown word
    assert parse(exe, "B B")[1].splitlines()[0] == "begin saw_b saw_b end"


# ---------------------------------------------------------------- header contents


def header_tables(header: str) -> dict[str, tuple[str, list[int]]]:
    """Parse the PARSE_ROM parse tables out of a header: name -> (type, values).
    The token texts for error messages (parse_token_string_*) are not parse
    tables and are not counted in the size line."""
    tables = {}
    for m in re.finditer(r"static const (\w+) (\w+)\[\] PARSE_ROM = \{(.*?)\};", header, re.S):
        if m.group(2).startswith("parse_token_string"):
            continue
        body = re.sub(r"/\*.*?\*/", "", m.group(3), flags=re.S)
        tables[m.group(2)] = (m.group(1), [int(v) for v in body.replace(",", " ").split()])
    return tables


def defines(header: str) -> dict[str, str]:
    return dict(re.findall(r"^#define (\w+) ?(.*)$", header, re.M))


def nt_starts(tables: dict[str, tuple[str, list[int]]]) -> list[int]:
    """Where each nonterminal's block starts: after the blocks before it."""
    starts, at = [], 0
    for size in tables["parse_nt_size"][1]:
        starts.append(at)
        at += size
    return starts


def block_entries(table: list[int], start: int, any_terminal: int,
                  wide: bool = False) -> list[tuple[list[int], list[int]]]:
    """The (terminals, production symbols as stored) entries of the block
    at start; the default's terminals are [any_terminal]."""
    last = 0x4000 if wide else 0x40
    match = 0x2000 if wide else 0x20
    entries = []
    while True:
        if table[start] >= any_terminal:
            n = table[start] - any_terminal
            entries.append(([any_terminal], table[start + 1 : start + 1 + n]))
            return entries
        terms = []
        while not terms or not terms[-1] & last:
            terms.append(table[start])
            start += 1
        n = table[start] & (match - 1)
        entries.append((terms, table[start + 1 : start + 1 + n]))
        start += 1 + n


def test_size_line_matches_header(tmp_path: Path) -> None:
    header, out = generate(tmp_path, EXPR_GRAMMAR)
    m = re.fullmatch(
        r"llgen: (\d+) terminals, (\d+) nonterminals, (\d+) actions, (\d+) productions, tables (\d+) bytes\n", out
    )
    assert m, out
    terms, nonterms, actions, prods, size = map(int, m.groups())
    assert (terms, nonterms, actions, prods) == (8, 6, 6, 12)
    tables = header_tables(header)
    assert set(tables) == {"parse_table", "parse_nt_size"}
    sizes = {"uint8_t": 1, "uint16_t": 2}
    assert size == sum(sizes[ctype] * len(values) for ctype, values in tables.values())
    assert len(tables["parse_nt_size"][1]) == nonterms
    assert sum(tables["parse_nt_size"][1]) == len(tables["parse_table"][1])


def test_header_layout(tmp_path: Path) -> None:
    header, _ = generate(tmp_path, EXPR_GRAMMAR)
    assert header.startswith("/* Generated by firmware/tools/llgen.py from grammar.ll.")
    assert "Do not edit" in header
    # Declared tokens first, then the others in order of first appearance.
    assert re.search(r"enum parse_token \{\s*TOK_NUM = 0,\s*TOK_PLUS,\s*TOK_MINUS,\s*TOK_TIMES,\s*TOK_DIVIDE,"
                     r"\s*TOK_END,\s*TOK_LPAREN,\s*TOK_RPAREN,\s*TOK_COUNT\s*\};", header)
    assert re.search(r"enum parse_action \{\s*ACT_add = 0,\s*ACT_sub,\s*ACT_mul,\s*ACT_div,\s*ACT_num,"
                     r"\s*ACT_neg,\s*ACT_COUNT\s*\};", header)
    d = defines(header)
    assert d["PARSE_FIRST_NONTERM"] == "8"
    assert d["PARSE_FIRST_ACTION"] == "14"
    assert d["PARSE_START_SYMBOL"] == "8"
    assert d["PARSE_RANGE"] == "0x80" and d["PARSE_LAST"] == "0x40" and d["PARSE_ANY"] == "0xc8"  # 8 terminals
    assert d["PARSE_MATCH"] == "0x20"
    assert "PARSE_SYM_16BIT" not in d
    assert "typedef uint8_t parse_sym_t;" in header
    assert "#ifndef PARSE_ROM\n#define PARSE_ROM\n#endif" in header
    assert "#ifndef GRAM_H\n#define GRAM_H\n" in header
    assert "/* 2: expr_rest -> PLUS term @add expr_rest */" in header
    assert "/* 4: expr_rest -> (empty) */" in header
    assert '"+",' in header and '"NUM",' in header
    tables = header_tables(header)
    table, nt_start = tables["parse_table"][1], nt_starts(tables)
    # expr_rest: PLUS and MINUS listed, its empty alternative the default.
    entries = block_entries(table, nt_start[2], 0xC8)
    assert [terms for terms, _ in entries] == [[1 | 0x40], [2 | 0x40], [0xC8]]
    # Production 2 reversed, without PLUS, the lookahead that chose it
    # (PARSE_MATCH on its length): expr_rest @add term
    assert entries[0][1] == [8 + 2, 14 + 0, 8 + 3]
    assert table[nt_start[2] + 1] == 0x20 | 3
    assert entries[2][1] == []
    # factor: three alternatives; the default, last, is the first of the largest.
    entries = block_entries(table, nt_start[5], 0xC8)
    assert [terms for terms, _ in entries] == [[6 | 0x40], [2 | 0x40], [0xC8]]
    assert entries[0][1] == [7, 8 + 1]  # (LPAREN) expr RPAREN
    assert entries[1][1] == [14 + 5, 8 + 5]  # (MINUS) factor @neg
    assert entries[2][1] == [14 + 4, 0]  # NUM @num
    assert header.index("#ifdef PARSE_WANT_NAMES") < header.index("parse_token_names")
    assert "static const char *const parse_nonterm_names[]" in header
    assert "static const char *const parse_action_names[]" in header
    # Token texts for the firmware: one string, a NUL after each.
    assert 'parse_token_string_text[] PARSE_ROM =\n\t"NUM\\0"\n\t"+\\0"' in header


RANGE_GRAMMAR = """\
%token A B C D X E F G H
s    : x s | END ;
x    : abc @abc | D @d | efgh @e ;
abc  : A | B | C ;
efgh : E | F | G | H ;
"""


def test_runs_of_terminals_are_ranges(tmp_path: Path) -> None:
    header, _ = generate(tmp_path, RANGE_GRAMMAR)
    tables = header_tables(header)
    table, nt_start = tables["parse_table"][1], nt_starts(tables)
    # x: A..C is one range (A, then C with the range bit); efgh, the
    # largest, is the default.
    any_terminal = int(defines(header)["PARSE_ANY"], 16)
    assert any_terminal == 0xC0 | 10  # 10 terminals: A .. H, END
    entries = block_entries(table, nt_start[1], any_terminal)
    assert [terms for terms, _ in entries] == [[0, 2 | 0x80 | 0x40], [3 | 0x40], [any_terminal]]


# y: A alone, then the run C..D, for one production.
SPLIT_RUN_GRAMMAR = """\
%token A B C D E F G X
s : y s | END ;
y : z @z | w @w ;
z : A | C | D ;
w : B | E | F | G ;
"""


@needs_gcc
@pytest.mark.parametrize(
    ("source", "status", "trace"),
    [
        ("C A D B G", 0, "z z z w w"),
        ("D X", 1, "z"),
    ],
)
def test_split_run_parses(tmp_path: Path, source: str, status: int, trace: str) -> None:
    header, _ = generate(tmp_path, SPLIT_RUN_GRAMMAR)
    tables = header_tables(header)
    any_terminal = int(defines(header)["PARSE_ANY"], 16)
    entries = block_entries(tables["parse_table"][1], nt_starts(tables)[1], any_terminal)
    assert [terms for terms, _ in entries] == [[0, 2, 3 | 0x80 | 0x40], [any_terminal]]
    assert_parse_trace(tmp_path, source, status, trace)


@needs_gcc
@pytest.mark.parametrize(
    ("source", "status", "trace"),
    [
        ("A B C D", 0, "abc abc abc d"),
        ("E H B", 0, "e e abc"),
        ("X", 1, ""),  # not listed, between D and E: the default fails on it
        ("D X", 1, "d"),
    ],
)
def test_ranges_parse(tmp_path: Path, source: str, status: int, trace: str) -> None:
    generate(tmp_path, RANGE_GRAMMAR)
    assert_parse_trace(tmp_path, source, status, trace)


@needs_gcc
def test_wide_tables(tmp_path: Path) -> None:
    terms = [f"T{i}" for i in range(300)]
    grammar = "s : " + " | ".join(terms) + " ;\n"
    header, out = generate(tmp_path, grammar)
    d = defines(header)
    assert d["PARSE_SYM_16BIT"] == "1"
    assert d["PARSE_RANGE"] == "0x8000" and d["PARSE_LAST"] == "0x4000" and d["PARSE_ANY"] == hex(0xC000 | 300)  # 300 terminals
    tables = header_tables(header)
    assert {t for t, _ in tables.values()} == {"uint16_t"}
    assert out.endswith(f"tables {2 * sum(len(v) for _, v in tables.values())} bytes\n")
    gcc(tmp_path, '#define PARSE_WANT_NAMES\n#include "gram.h"\nint main(void) { return 0; }\n',
        "-Wno-unused-const-variable", "-c")


@needs_gcc
def test_wide_tables_parse(tmp_path: Path) -> None:
    terms = [f"T{i}" for i in range(300)]
    generate(tmp_path, "s : x END ;\nx : " + " | ".join(f"{t} @a{i % 2}" for i, t in enumerate(terms)) + " ;\n")
    exe = gcc(tmp_path, DRIVER_C)
    assert parse(exe, "T299") == (0, "a1\nok")
    assert parse(exe, "T2") == (0, "a0\nok")


def test_empty_tables_have_placeholders(tmp_path: Path) -> None:
    header, out = generate(tmp_path, "s : ;\n")
    tables = header_tables(header)
    # s: its empty production, the default for any terminal.
    assert tables["parse_table"][1] == [0xC0] and tables["parse_nt_size"][1] == [1]
    assert "enum parse_action {\n\tACT_COUNT\n};" in header
    assert out.endswith("tables 2 bytes\n")


# ---------------------------------------------------------------- rejected grammars


def test_first_first_conflict(tmp_path: Path) -> None:
    err = rejected(tmp_path, """\
stmt : NAME @load call
     | NAME assign
     ;
call : LPAREN RPAREN ;
assign : EQUAL NUM ;
""")
    assert "grammar.ll:2: LL(1) conflict in 'stmt' on NAME: 'NAME @load call' vs 'NAME assign'" in err


def test_first_first_conflict_through_nonterminals(tmp_path: Path) -> None:
    err = rejected(tmp_path, """\
s : a X | b Y ;
a : opt C ;
b : D | C ;
opt : Q | ;
""")
    assert "LL(1) conflict in 's' on C: 'a X' vs 'b Y'" in err
    assert "on Q" not in err and "on D" not in err


def test_first_follow_conflict(tmp_path: Path) -> None:
    err = rejected(tmp_path, """\
stmt      : IF COND THEN stmt else_part
          | OTHER
          ;
else_part : ELSE stmt
          |
          ;
""")
    assert "grammar.ll:5: LL(1) conflict in 'else_part' on ELSE: 'ELSE stmt' vs ''" in err
    assert "FIRST/FOLLOW" in err


def test_every_conflict_reported(tmp_path: Path) -> None:
    err = rejected(tmp_path, """\
u : s t | ;
s : A B | A C | D ;
t : D | D E ;
""")
    lines = err.splitlines()
    assert any("conflict in 's' on A: 'A B' vs 'A C'" in line for line in lines)
    assert any("conflict in 't' on D: 'D' vs 'D E'" in line for line in lines)
    assert len(lines) == 2


def test_two_nullable_alternatives_conflict(tmp_path: Path) -> None:
    err = rejected(tmp_path, "s : a ;\na : @x | @y ;\n")
    assert "LL(1) conflict in 'a' on end of input: '@x' vs '@y'" in err


@pytest.mark.parametrize(
    ("grammar", "name", "line"),
    [
        ("e : e PLUS t | t ;\nt : NUM ;\n", "e", 1),
        ("s : X ;\na : b X | Y ;\nb : c Z | W ;\nc : a Q ;\n", "a", 2),
        ("s : opt s X | Y ;\nopt : Q | ;\n", "s", 1),
        ("s : @act s B | C ;\n", "s", 1),
    ],
    ids=["direct", "indirect", "nullable-prefix", "action-prefix"],
)
def test_left_recursion(tmp_path: Path, grammar: str, name: str, line: int) -> None:
    err = rejected(tmp_path, grammar)
    assert f"grammar.ll:{line}: left recursion in rule '{name}'" in err
    assert "conflict" not in err


def test_indirect_left_recursion_names_cycle(tmp_path: Path) -> None:
    err = rejected(tmp_path, "a : b X | Y ;\nb : a Z | W ;\n")
    assert "left recursion in rule 'a': 'a' -> 'b' -> 'a'" in err
    assert err.count("left recursion") == 1


def test_undefined_nonterminal(tmp_path: Path) -> None:
    err = rejected(tmp_path, "s : A t ;\nt : B\n  | C missing\n  ;\n")
    assert "grammar.ll:3: undefined nonterminal 'missing'" in err


def test_duplicate_rule(tmp_path: Path) -> None:
    err = rejected(tmp_path, "s : A t ;\nt : B ;\n# again\nt : C ;\n")
    assert "grammar.ll:4: nonterminal 't' defined twice (first definition at line 2)" in err


@pytest.mark.parametrize(
    ("grammar", "line", "text"),
    [
        ("s : A\nt : B ;\n", 2, "missing ';'"),
        ("s : A ;\nt B ;\n", 2, "expected ':'"),
        ("s : A ;\n\nt : B $ ;\n", 3, "unexpected character '$'"),
        ("s : A Foo ;\n", 1, "bad symbol 'Foo'"),
        ("s : A @Bad ;\n", 1, "bad action name"),
        ("s : A ;\n%frob X\n", 2, "unknown directive"),
        ("%token a\ns : A ;\n", 1, "expected a terminal name"),
        ("s : A ;\nt : B", 2, "expected '|' or ';'"),
        ("%token_text A nope\ns : A ;\n", 1, 'expected a "string"'),
        ("A : B ;\n", 1, "syntax error"),
    ],
)
def test_syntax_errors(tmp_path: Path, grammar: str, line: int, text: str) -> None:
    err = rejected(tmp_path, grammar)
    assert f"grammar.ll:{line}: " in err
    assert text in err


def test_bad_start_symbol(tmp_path: Path) -> None:
    err = rejected(tmp_path, "s : A ;\n%start nothing\n")
    assert "grammar.ll:2: start symbol 'nothing' is not defined" in err


def test_unreachable_is_only_a_warning(tmp_path: Path) -> None:
    result = run_llgen(tmp_path, "%start s\nx : B ;\ns : A ;\n")
    assert result.returncode == 0
    assert "grammar.ll:2: warning: nonterminal 'x' is unreachable from 's'" in result.stderr
    assert "#define PARSE_START_SYMBOL 3" in (tmp_path / "gram.h").read_text()


# ---------------------------------------------------------------- actions with an argument


ARG_GRAMMAR = """\
s    : item s | END ;
item : A @emit(OP_A) @plain | B @emit(OP_B) @save(2) | C @emit(OP_A) @plain ;
"""


def test_action_arguments(tmp_path: Path) -> None:
    header, out = generate(tmp_path, ARG_GRAMMAR)
    # Plain actions first, numbered as their kind; then one action per
    # distinct argument, grouped by kind.
    assert re.search(r"enum parse_action \{\s*ACT_plain = 0,\s*ACT_emit,\s*ACT_save,\s*ACT_COUNT\s*\};", header)
    assert "4 actions" in out
    d = defines(header)
    assert d["PARSE_FIRST_ARG_ACTION"] == "1"
    assert re.search(r"#define PARSE_ACTION_ARGS \\\n\tACT_emit, OP_A, \\\n\tACT_emit, OP_B, \\\n"
                     r"\tACT_save, 2, \\\n\n", header)


@needs_gcc
def test_action_arguments_table(tmp_path: Path) -> None:
    generate(tmp_path, ARG_GRAMMAR)
    exe = gcc(tmp_path, DRIVER_C.replace('#include "gram.h"', '#include "gram.h"\nenum { OP_A = 7, OP_B = 9 };\n'
                                         'static const int args[] = { PARSE_ACTION_ARGS };'), "-Wno-unused-variable")
    status, out = parse(exe, "A B C")
    assert status == 0
    # The driver prints each action's name, argument included.
    assert out.splitlines()[0] == "emit(OP_A) plain emit(OP_B) save(2) emit(OP_A) plain"


def test_action_with_and_without_argument(tmp_path: Path) -> None:
    err = rejected(tmp_path, "s : A @x(1) @x ;\n")
    assert "grammar.ll:1: action @x used both with and without an argument" in err


def test_bad_action_argument(tmp_path: Path) -> None:
    err = rejected(tmp_path, "s : A @x(a b) ;\n")
    assert "grammar.ll:1:" in err


# ---------------------------------------------------------------- merging rules used once


INLINE_GRAMMAR = """\
%token A B C D END
s    : item s | END ;
item : one | other ;
one  : A @a rest ;
rest : B @b | ;
other : C | D @d ;
"""


def test_rules_used_once_are_merged(tmp_path: Path) -> None:
    header, out = generate(tmp_path, INLINE_GRAMMAR)
    # one (a single production) goes into item, item's alternative other
    # becomes two alternatives of item; item (two productions, used inside
    # a production of s) and rest (used by itself) stay.
    assert "3 nonterminals" in out and "7 productions" in out
    assert "/* 2: item -> A @a rest */" in header
    assert "/* 3: item -> C */" in header
    assert "/* 4: item -> D @d */" in header


@needs_gcc
@pytest.mark.parametrize(("source", "status", "trace"),
                         [("A B C A D", 0, "a b a d"), ("A A", 0, "a a"), ("B", 1, ""), ("A C B", 1, "a")])
def test_merged_rules_parse(tmp_path: Path, source: str, status: int, trace: str) -> None:
    generate(tmp_path, INLINE_GRAMMAR)
    exe = gcc(tmp_path, DRIVER_C)
    got, out = parse(exe, source)
    lines = out.splitlines()
    assert got == status
    assert " ".join(lines[:-1]) == trace
