#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate compact LL(1) parse tables, as a C header, from a grammar file."""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, field

TOOL = "firmware/tools/llgen.py"
END = "$end"  # pseudo-terminal for end of input; never emitted

TERMINAL_RE = re.compile(r"[A-Z][A-Z0-9_]*\Z")
NONTERM_RE = re.compile(r"[a-z][a-z0-9_]*\Z")
# An action may carry an argument for the compiler: @emit(OP_ASSERT).
ACTION_RE = re.compile(r"@[a-z][a-z0-9_]*(\([A-Za-z0-9_]+\))?\Z")
LEX_RE = re.compile(
    r"""(?P<ws>[ \t\r\f\v]+)
      | (?P<comment>\#[^\n]*)
      | (?P<nl>\n)
      | (?P<directive>%[A-Za-z_][A-Za-z0-9_]*)
      | (?P<action>@[A-Za-z0-9_]*(?:\([^()\s]*\))?)
      | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<string>"(?:[^"\\\n]|\\.)*")
      | (?P<punct>[:|;])
      | (?P<bad>.)""",
    re.X,
)
STRING_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "0": "\0"}


class GrammarError(Exception):
    """A fatal error at a line of the grammar file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class Token:
    kind: str
    text: str
    line: int


@dataclass
class Production:
    index: int
    lhs: str
    rhs: list[str]
    line: int

    def text(self) -> str:
        """The right-hand side as written in the grammar."""
        return " ".join(self.rhs)

    def describe(self) -> str:
        """The whole production in grammar form, for comments."""
        return f"{self.index}: {self.lhs} -> {self.text() or '(empty)'}"


@dataclass
class Grammar:
    path: str
    start: str | None = None
    start_line: int = 0
    token_decls: list[tuple[str, int]] = field(default_factory=list)
    token_text: dict[str, tuple[str, int]] = field(default_factory=dict)
    rules: dict[str, list[Production]] = field(default_factory=dict)
    rule_line: dict[str, int] = field(default_factory=dict)
    productions: list[Production] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)
    warnings: list[tuple[int, str]] = field(default_factory=list)


def is_terminal(sym: str) -> bool:
    return sym[0].isupper()


def is_action(sym: str) -> bool:
    return sym[0] == "@"


def is_nonterm(sym: str) -> bool:
    return sym[0].islower()


def action_kind(sym: str) -> str:
    """The action's name without @ and argument: @emit(OP_X) -> emit."""
    return sym[1:].split("(")[0]


def action_arg(sym: str) -> str | None:
    """The action's argument, or None: @emit(OP_X) -> OP_X."""
    return sym[sym.index("(") + 1 : -1] if "(" in sym else None


# ---------------------------------------------------------------- reading


def lex(text: str) -> list[Token]:
    """Split grammar text into tokens; newlines are kept (they end directives)."""
    tokens: list[Token] = []
    line = 1
    for m in LEX_RE.finditer(text):
        kind = m.lastgroup or "bad"
        if kind == "bad":
            raise GrammarError(line, f"syntax error: unexpected character {m.group()!r}")
        if kind not in ("ws", "comment"):
            tokens.append(Token(kind, m.group(), line))
        line += m.group().count("\n")
    tokens.append(Token("eof", "end of file", line))
    return tokens


def decode_string(tok: Token) -> str:
    """Decode a double-quoted grammar string literal."""
    out, body, i = [], tok.text[1:-1], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            esc = body[i + 1]
            if esc not in STRING_ESCAPES:
                raise GrammarError(tok.line, f"syntax error: unknown escape '\\{esc}' in string")
            ch, i = STRING_ESCAPES[esc], i + 1
        out.append(ch)
        i += 1
    return "".join(out)


class Reader:
    """Recursive-descent reader for the grammar file format."""

    def __init__(self, grammar: Grammar, tokens: list[Token]) -> None:
        self.g = grammar
        self.toks = tokens
        self.pos = 0

    def peek(self) -> Token:
        return self.toks[self.pos]

    def next(self) -> Token:
        tok = self.toks[self.pos]
        self.pos += 1
        return tok

    def skip_newlines(self) -> None:
        while self.peek().kind == "nl":
            self.pos += 1

    def fail(self, tok: Token, expected: str) -> GrammarError:
        got = "end of line" if tok.kind == "nl" else repr(tok.text) if tok.kind != "eof" else "end of file"
        return GrammarError(tok.line, f"syntax error: expected {expected}, got {got}")

    def read(self) -> None:
        while True:
            self.skip_newlines()
            tok = self.peek()
            if tok.kind == "eof":
                return
            if tok.kind == "directive":
                self.directive()
            elif tok.kind == "ident" and NONTERM_RE.match(tok.text):
                self.rule()
            else:
                raise self.fail(tok, "a rule (lower_case name) or a %directive")

    def symbol_name(self, tok: Token, want: str) -> str:
        """Check that an identifier token is a terminal or nonterminal as wanted."""
        regex = TERMINAL_RE if want == "terminal" else NONTERM_RE
        if tok.kind != "ident" or not regex.match(tok.text):
            raise self.fail(tok, f"a {want} name")
        return tok.text

    def end_of_line(self) -> None:
        tok = self.next()
        if tok.kind not in ("nl", "eof"):
            raise self.fail(tok, "end of line")

    def directive(self) -> None:
        tok = self.next()
        if tok.text == "%start":
            if self.g.start is not None:
                raise GrammarError(tok.line, f"%start given twice (first at line {self.g.start_line})")
            self.g.start = self.symbol_name(self.next(), "nonterminal")
            self.g.start_line = tok.line
        elif tok.text == "%token":
            while self.peek().kind not in ("nl", "eof"):
                name_tok = self.next()
                self.g.token_decls.append((self.symbol_name(name_tok, "terminal"), name_tok.line))
        elif tok.text == "%token_text":
            name = self.symbol_name(self.next(), "terminal")
            text_tok = self.next()
            if text_tok.kind != "string":
                raise self.fail(text_tok, 'a "string"')
            if name in self.g.token_text:
                raise GrammarError(tok.line, f"%token_text for {name} given twice")
            self.g.token_text[name] = (decode_string(text_tok), tok.line)
        else:
            raise GrammarError(tok.line, f"syntax error: unknown directive {tok.text}")
        self.end_of_line()

    def rule(self) -> None:
        name_tok = self.next()
        name = name_tok.text
        self.skip_newlines()
        sep = self.next()
        if sep.text != ":":
            raise self.fail(sep, f"':' after rule name '{name}'")
        alts = []
        while True:
            alts.append(self.alternative(sep.line))
            self.skip_newlines()
            sep = self.next()
            if sep.text == ";":
                break
            if sep.text != "|":
                hint = " (missing ';' before this line?)" if sep.text == ":" else ""
                raise GrammarError(sep.line, self.fail(sep, "'|' or ';'").message + hint)
        self.add_rule(name, name_tok.line, alts)

    def alternative(self, sep_line: int) -> tuple[list[str], int]:
        syms: list[str] = []
        line = 0
        while True:
            self.skip_newlines()
            tok = self.peek()
            if tok.kind == "action":
                if not ACTION_RE.match(tok.text):
                    raise GrammarError(tok.line, f"syntax error: bad action name {tok.text!r} "
                                                 "(use @lower_case or @lower_case(ARGUMENT))")
            elif tok.kind == "ident":
                if not (TERMINAL_RE.match(tok.text) or NONTERM_RE.match(tok.text)):
                    raise GrammarError(
                        tok.line,
                        f"syntax error: bad symbol {tok.text!r} (terminals are UPPER_CASE, nonterminals lower_case)",
                    )
            else:
                return syms, line or sep_line
            line = line or tok.line
            syms.append(self.next().text)

    def add_rule(self, name: str, line: int, alts: list[tuple[list[str], int]]) -> None:
        if name in self.g.rules:
            self.g.errors.append(
                (line, f"nonterminal '{name}' defined twice (first definition at line {self.g.rule_line[name]})")
            )
            return
        self.g.rule_line[name] = line
        prods = []
        for rhs, alt_line in alts:
            prod = Production(len(self.g.productions), name, rhs, alt_line)
            self.g.productions.append(prod)
            prods.append(prod)
        self.g.rules[name] = prods


def read_grammar(path: str) -> Grammar:
    """Read a grammar file; fatal syntax errors raise GrammarError."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    g = Grammar(path)
    Reader(g, lex(text)).read()
    if not g.rules:
        raise GrammarError(1, "grammar has no rules")
    return g


# ---------------------------------------------------------------- checking


def symbol_order(g: Grammar) -> tuple[list[str], list[str]]:
    """Terminals (declared first, then by first use) and actions (by first use)."""
    terminals: list[str] = []
    seen: set[str] = set()
    for name, line in g.token_decls:
        if name in seen:
            g.errors.append((line, f"terminal {name} declared twice"))
        seen.add(name)
        terminals.append(name)
    actions: list[str] = []
    for prod in g.productions:
        for sym in prod.rhs:
            if is_terminal(sym) and sym not in seen:
                seen.add(sym)
                terminals.append(sym)
            elif is_action(sym) and sym not in actions:
                actions.append(sym)
    for name, (_, line) in g.token_text.items():
        if name not in seen:
            g.errors.append((line, f"%token_text for unknown terminal {name}"))
    return terminals, order_actions(g, actions)


def order_actions(g: Grammar, actions: list[str]) -> list[str]:
    """Actions without an argument first, so that their number is their kind
    (enum parse_action); then those with one, grouped by kind."""
    plain = [a for a in actions if action_arg(a) is None]
    plain_kinds = {action_kind(a) for a in plain}
    kinds = list(dict.fromkeys(action_kind(a) for a in actions if action_arg(a) is not None))
    for kind in kinds:
        if kind in plain_kinds:
            line = next(p.line for p in g.productions if f"@{kind}" in p.rhs)
            g.errors.append((line, f"action @{kind} used both with and without an argument"))
    return plain + [a for kind in kinds for a in actions if action_arg(a) is not None and action_kind(a) == kind]


def action_kinds(actions: list[str]) -> list[str]:
    """The kinds of actions, plain ones first: enum parse_action."""
    return list(dict.fromkeys(action_kind(a) for a in actions))


def check_definitions(g: Grammar) -> None:
    """Report undefined nonterminals and a bad start symbol; warn on unreachable ones."""
    for prod in g.productions:
        reported: set[str] = set()
        for sym in prod.rhs:
            if is_nonterm(sym) and sym not in g.rules and sym not in reported:
                reported.add(sym)
                g.errors.append((prod.line, f"undefined nonterminal '{sym}' used in rule '{prod.lhs}'"))
    if g.start is None:
        g.start = next(iter(g.rules))
    elif g.start not in g.rules:
        g.errors.append((g.start_line, f"start symbol '{g.start}' is not defined"))
        return
    reachable = reachable_from(g, g.start)
    for name, line in g.rule_line.items():
        if name not in reachable:
            g.warnings.append((line, f"warning: nonterminal '{name}' is unreachable from '{g.start}'"))


def reachable_from(g: Grammar, start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for prod in g.rules.get(todo.pop(), []):
            for sym in prod.rhs:
                if is_nonterm(sym) and sym not in seen:
                    seen.add(sym)
                    todo.append(sym)
    return seen


# ---------------------------------------------------------------- analysis


def compute_nullable(g: Grammar) -> set[str]:
    nullable: set[str] = set()
    changed = True
    while changed:
        changed = False
        for prod in g.productions:
            if prod.lhs not in nullable and all(sym_nullable(s, nullable) for s in prod.rhs):
                nullable.add(prod.lhs)
                changed = True
    return nullable


def sym_nullable(sym: str, nullable: set[str]) -> bool:
    return is_action(sym) or sym in nullable


def first_of(seq: list[str], first: dict[str, set[str]], nullable: set[str]) -> tuple[set[str], bool]:
    """FIRST set of a symbol sequence, and whether the sequence is nullable."""
    out: set[str] = set()
    for sym in seq:
        if is_action(sym):
            continue
        if is_terminal(sym):
            out.add(sym)
            return out, False
        out |= first[sym]
        if sym not in nullable:
            return out, False
    return out, True


def compute_first(g: Grammar, nullable: set[str]) -> dict[str, set[str]]:
    first: dict[str, set[str]] = {name: set() for name in g.rules}
    changed = True
    while changed:
        changed = False
        for prod in g.productions:
            new, _ = first_of(prod.rhs, first, nullable)
            if not new <= first[prod.lhs]:
                first[prod.lhs] |= new
                changed = True
    return first


def compute_follow(g: Grammar, nullable: set[str], first: dict[str, set[str]]) -> dict[str, set[str]]:
    follow: dict[str, set[str]] = {name: set() for name in g.rules}
    follow[g.start or ""] = {END}
    changed = True
    while changed:
        changed = False
        for prod in g.productions:
            for i, sym in enumerate(prod.rhs):
                if not is_nonterm(sym):
                    continue
                new, rest_nullable = first_of(prod.rhs[i + 1 :], first, nullable)
                if rest_nullable:
                    new = new | follow[prod.lhs]
                if not new <= follow[sym]:
                    follow[sym] |= new
                    changed = True
    return follow


def left_edges(g: Grammar, nullable: set[str]) -> dict[str, list[str]]:
    """A -> B when some alternative of A starts with B after nullable symbols."""
    edges: dict[str, list[str]] = {name: [] for name in g.rules}
    for prod in g.productions:
        for sym in prod.rhs:
            if is_terminal(sym):
                break
            if is_nonterm(sym) and sym not in edges[prod.lhs]:
                edges[prod.lhs].append(sym)
            if not sym_nullable(sym, nullable):
                break
    return edges


def find_cycle(edges: dict[str, list[str]], start: str) -> list[str] | None:
    """Shortest path start -> ... -> start, if any (breadth first)."""
    parent: dict[str, str] = {}
    todo = [start]
    while todo:
        nxt = []
        for node in todo:
            for succ in edges[node]:
                if succ == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parent[path[-1]])
                    return list(reversed(path)) + [start]
                if succ not in parent:
                    parent[succ] = node
                    nxt.append(succ)
        todo = nxt
    return None


def check_left_recursion(g: Grammar, nullable: set[str]) -> None:
    """Report each left-recursive cycle once, at its first rule."""
    edges = left_edges(g, nullable)
    covered: set[str] = set()
    for name in g.rules:
        if name in covered:
            continue
        cycle = find_cycle(edges, name)
        if cycle is None:
            continue
        covered |= set(cycle)
        if len(cycle) == 2:
            msg = f"left recursion in rule '{name}'"
        else:
            msg = f"left recursion in rule '{name}': " + " -> ".join(f"'{n}'" for n in cycle)
        g.errors.append((g.rule_line[name], msg))


def predict_sets(g: Grammar, nullable: set[str], first: dict[str, set[str]],
                 follow: dict[str, set[str]]) -> list[set[str]]:
    """The set of lookahead terminals predicting each production."""
    out = []
    for prod in g.productions:
        la, seq_nullable = first_of(prod.rhs, first, nullable)
        out.append(la | follow[prod.lhs] if seq_nullable else la)
    return out


def check_conflicts(g: Grammar, predict: list[set[str]], terminals: list[str],
                    first_sets: list[set[str]]) -> None:
    """Report every pair of alternatives predicting the same terminal."""
    order = {t: i for i, t in enumerate(terminals + [END])}
    for name, prods in g.rules.items():
        for i, a in enumerate(prods):
            for b in prods[i + 1 :]:
                for term in sorted(predict[a.index] & predict[b.index], key=order.__getitem__):
                    both_first = term in first_sets[a.index] and term in first_sets[b.index]
                    g.errors.append((b.line, conflict_message(name, term, a, b, both_first)))


def conflict_message(name: str, term: str, a: Production, b: Production, both_first: bool) -> str:
    what = "end of input" if term == END else term
    kind = "FIRST/FIRST" if both_first else "FIRST/FOLLOW"
    return f"LL(1) conflict in '{name}' on {what}: '{a.text()}' vs '{b.text()}' ({kind} conflict)"


# ---------------------------------------------------------------- inlining


def inline_rules(g: Grammar) -> Grammar:
    """The grammar with rules used once merged into their use, which the
    tables then need no block for: a rule of one production replaces its
    use, a rule that is a whole alternative of another becomes alternatives
    of it. Both keep the grammar LL(1) and the order of actions, and every
    input is parsed as before."""
    rules = {name: [list(p.rhs) for p in prods] for name, prods in g.rules.items()}
    line = {p.lhs: p.line for p in reversed(g.productions)}
    while (step := inline_one(rules, g.start)) is not None:
        del rules[step]
    out = Grammar(g.path, g.start, g.start_line, g.token_decls, g.token_text)
    for name, alts in rules.items():
        out.rule_line[name] = g.rule_line[name]
        out.rules[name] = []
        for rhs in alts:
            prod = Production(len(out.productions), name, rhs, line[name])
            out.productions.append(prod)
            out.rules[name].append(prod)
    return out


def inline_one(rules: dict[str, list[list[str]]], start: str | None) -> str | None:
    """Merge one rule used once into its use; its name, or None."""
    uses: dict[str, int] = {}
    for alts in rules.values():
        for rhs in alts:
            for sym in rhs:
                uses[sym] = uses.get(sym, 0) + 1
    for name, own in rules.items():
        if name == start or uses.get(name) != 1 or any(name in rhs for rhs in own):
            continue
        for alts in rules.values():
            for i, rhs in enumerate(alts):
                if name not in rhs:
                    continue
                if len(own) == 1:
                    at = rhs.index(name)
                    alts[i] = rhs[:at] + own[0] + rhs[at + 1 :]
                    return name
                if rhs == [name]:
                    alts[i : i + 1] = own
                    return name
    return None


# ---------------------------------------------------------------- tables


@dataclass
class Tables:
    """One block per nonterminal in `table`, at `nt_start`. The header
    stores each block's size (`nt_size`, one byte each unless a block is
    larger): a block starts where the ones before it end.

    A block is its productions, each after the terminals that predict it:
    the parser reads the terminals, and skips the production when none is
    the lookahead. A terminal with the RANGE bit also takes the terminals
    from the one before it, so a run of terminals costs two; the LAST bit
    marks a production's last terminal. A production is its length, then
    its symbols reversed (the last symbol first), ready to be pushed. The
    default production, taking every terminal not listed, comes last: its
    length plus ANY (above every terminal with both bits) stands for both.
    Another production that starts with a terminal leaves it out (it is
    the lookahead that chose the production): MATCH plus the length of
    the rest, which the parser pushes and then the lookahead."""
    terminals: list[str]
    nonterms: list[str]
    actions: list[str]
    start_code: int
    wide: bool = False
    table: list[int] = field(default_factory=list)
    nt_start: list[int] = field(default_factory=list)
    comments: dict[int, list[str]] = field(default_factory=dict)

    @property
    def nt_size(self) -> list[int]:
        ends = self.nt_start[1:] + [len(self.table)]
        return [end - start for start, end in zip(self.nt_start, ends)]

    def size_type(self) -> str:
        return "uint8_t" if max(self.nt_size, default=0) <= 0xFF else "uint16_t"

    @property
    def nsyms(self) -> int:
        return len(self.terminals) + len(self.nonterms) + len(self.actions)

    def sym_type(self) -> str:
        return "uint16_t" if self.wide else "uint8_t"

    @property
    def range_bit(self) -> int:
        return 0x8000 if self.wide else 0x80

    @property
    def last_bit(self) -> int:
        return 0x4000 if self.wide else 0x40

    @property
    def match_bit(self) -> int:
        return 0x2000 if self.wide else 0x20

    @property
    def any_terminal(self) -> int:
        return self.range_bit | self.last_bit | len(self.terminals)


def choose_default(prods: list[Production], nullable_alts: set[int], lookahead: dict[int, set[str]]) -> int:
    """The production to use for terminals without an explicit entry: a
    wrong terminal then fails where the production does not match it."""
    for prod in prods:
        if prod.index in nullable_alts:
            return prod.index
    return max(prods, key=lambda p: (len(lookahead[p.index]), -p.index)).index


def terminal_runs(terms: list[int]) -> list[tuple[int, int]]:
    """(first, last) for each run of consecutive terminals."""
    runs: list[list[int]] = []
    for term in sorted(terms):
        if runs and runs[-1][1] == term - 1:
            runs[-1][1] = term
        else:
            runs.append([term, term])
    return [(a, b) for a, b in runs]


def nonterm_block(g: Grammar, name: str, code: dict[str, int], default: int,
                  lookahead: dict[int, set[str]], tables: Tables) -> tuple[list[int], list[int]]:
    """A nonterminal's block, and where in it each of its productions'
    entries (its terminals, then itself) start."""
    prods = sorted(g.rules[name], key=lambda p: p.index == default)
    block: list[int] = []
    at: dict[int, int] = {}
    for prod in prods:
        at[prod.index] = len(block)
        if prod.index == default:
            block.append(tables.any_terminal + len(prod.rhs))
        else:
            for first, last in terminal_runs([code[t] for t in lookahead[prod.index]]):
                block.append(first)
                if last != first:
                    block.append(last | tables.range_bit)
            block[-1] |= tables.last_bit
            if prod.rhs and is_terminal(prod.rhs[0]):
                # The lookahead is its first symbol: not stored.
                block.append(tables.match_bit | (len(prod.rhs) - 1))
                block.extend(code[s] for s in reversed(prod.rhs[1:]))
                continue
            block.append(len(prod.rhs))
        block.extend(code[s] for s in reversed(prod.rhs))
    return block, [at[p.index] for p in g.rules[name]]


def build_tables(g: Grammar, terminals: list[str], actions: list[str], nullable: set[str],
                 first: dict[str, set[str]], predict: list[set[str]]) -> Tables:
    nonterms = list(g.rules)
    code = {t: i for i, t in enumerate(terminals)}
    code.update({n: len(terminals) + i for i, n in enumerate(nonterms)})
    code.update({a: len(terminals) + len(nonterms) + i for i, a in enumerate(actions)})
    tables = Tables(terminals, nonterms, actions, code[g.start or ""])
    lookahead = {p.index: predict[p.index] - {END} for p in g.productions}
    defaults = {}
    for name in nonterms:
        prods = g.rules[name]
        nullable_alts = {p.index for p in prods if first_of(p.rhs, first, nullable)[1]}
        defaults[name] = choose_default(prods, nullable_alts, lookahead)
    for wide in (False, True):
        tables.wide = wide
        tables.table, tables.nt_start, tables.comments = [], [], {}
        for name in nonterms:
            block, rel = nonterm_block(g, name, code, defaults[name], lookahead, tables)
            start = len(tables.table)
            tables.nt_start.append(start)
            tables.comments[start] = [f"{code[name] - len(terminals)}: {name}"]
            for prod, at in zip(g.rules[name], rel):
                tables.comments.setdefault(start + at, []).append(prod.describe())
            tables.table.extend(block)
        fits = (tables.nsyms <= 256 and len(terminals) < 0x3F
                and max(tables.table, default=0) <= 0xFF
                and max((len(p.rhs) for p in g.productions), default=0) < 0x20)
        if fits:
            break
    return tables


# ---------------------------------------------------------------- output

TYPE_SIZE = {"uint8_t": 1, "uint16_t": 2}


def c_string(text: str) -> str:
    out = []
    for i, ch in enumerate(text):
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "?" and i > 0 and text[i - 1] == "?":
            out.append("\\?")
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.extend(f"\\{b:03o}" for b in ch.encode("utf-8"))
    return '"' + "".join(out) + '"'


def c_values(values: list[int], indent: str = "\t", per_line: int = 12) -> list[str]:
    return [indent + ", ".join(str(v) for v in values[i : i + per_line]) + ","
            for i in range(0, len(values), per_line)]


def c_array(ctype: str, name: str, body: list[str]) -> list[str]:
    if not body:
        body = ["\t0, /* placeholder: empty table */"]
    return [f"static const {ctype} {name}[] PARSE_ROM = {{", *body, "};", ""]


def array_size(ctype: str, values: list[int]) -> int:
    return TYPE_SIZE[ctype] * max(len(values), 1)


def table_body(tables: Tables) -> list[str]:
    """The table, a line per entry list and per production, with comments."""
    body: list[str] = []
    marks = sorted(tables.comments) + [len(tables.table)]
    for at, end in zip(marks, marks[1:]):
        body.extend(f"\t/* {text} */" for text in tables.comments[at])
        body.extend(c_values(tables.table[at:end]))
    return body


def names_array(name: str, names: list[str]) -> list[str]:
    items = [f"\t{c_string(n)}," for n in names] or ["\t0,"]
    return [f"static const char *const {name}[] = {{", *items, "};"]


def packed_names(name: str, names: list[str]) -> list[str]:
    """Names as one string, each ended by a NUL: it can live in flash,
    unlike an array of pointers. Name n is found by skipping n NULs."""
    pieces = [c_string(n)[:-1] + '\\0"' for n in names]
    body = [f"\t{p}" for p in pieces] or ['\t""']
    return [f"static const char {name}_text[] PARSE_ROM =", *body, "\t;"]


def enum_lines(name: str, prefix: str, members: list[str]) -> list[str]:
    lines = [f"enum {name} {{"]
    for i, member in enumerate(members):
        lines.append(f"\t{prefix}{member} = {i}," if i == 0 else f"\t{prefix}{member},")
    return lines + [f"\t{prefix}COUNT", "};", ""]


def action_args(actions: list[str]) -> list[str]:
    """Actions with an argument are numbered from PARSE_FIRST_ARG_ACTION
    (counting actions from 0); PARSE_ACTION_ARGS lists, for each, its kind
    and its argument: C expressions, for the includer to put in a table
    where they are defined."""
    with_arg = [a for a in actions if action_arg(a) is not None]
    if not with_arg:
        return []
    body = [f"\tACT_{action_kind(a)}, {action_arg(a)}, \\" for a in with_arg]
    return [
        f"#define PARSE_FIRST_ARG_ACTION {len(actions) - len(with_arg)}",
        "#define PARSE_ACTION_ARGS \\",
        *body,
        "",
    ]


def guard_name(out_path: str) -> str:
    base = re.sub(r"[^A-Za-z0-9]", "_", os.path.basename(out_path)).upper()
    return base if base[0].isalpha() else f"PARSE_{base}"


def render_header(g: Grammar, tables: Tables, out_path: str) -> tuple[str, int]:
    """The header text and the total byte size of its tables."""
    nprods = len(g.productions)
    sym_t = tables.sym_type()
    nterm, nnt = len(tables.terminals), len(tables.nonterms)
    guard = guard_name(out_path)
    lines = [
        f"/* Generated by {TOOL} from {os.path.basename(g.path)}. Do not edit: edit the grammar instead. */",
        "",
        f"#ifndef {guard}",
        f"#define {guard}",
        "",
        "#include <stdint.h>",
        "",
        "#ifndef PARSE_ROM",
        "#define PARSE_ROM",
        "#endif",
        "",
        *enum_lines("parse_token", "TOK_", tables.terminals),
        *enum_lines("parse_action", "ACT_", action_kinds(tables.actions)),
        f"#define PARSE_NUM_TERMINALS {nterm}",
        f"#define PARSE_NUM_NONTERMS {nnt}",
        f"#define PARSE_NUM_ACTIONS {len(tables.actions)}",
        f"#define PARSE_NUM_PRODUCTIONS {nprods}",
        f"#define PARSE_FIRST_NONTERM {nterm}",
        f"#define PARSE_FIRST_ACTION {nterm + nnt}",
        f"#define PARSE_START_SYMBOL {tables.start_code}",
        *action_args(tables.actions),
        "",
        f"typedef {sym_t} parse_sym_t;",
        *(["#define PARSE_SYM_16BIT 1"] if tables.wide else []),
        f"#define PARSE_RANGE {tables.range_bit:#x}",
        f"#define PARSE_LAST {tables.last_bit:#x}",
        f"#define PARSE_ANY {tables.any_terminal:#x}",
        f"#define PARSE_MATCH {tables.match_bit:#x}",
        "",
        "/* Per nonterminal: its productions, each after the terminals that",
        " * predict it (PARSE_LAST on the last one): its length, then its symbols",
        " * reversed. A terminal with PARSE_RANGE also takes those after the one",
        " * before it. The default comes last: PARSE_ANY plus its length. A",
        " * production other than the default that starts with a terminal (the",
        " * lookahead, then) stores the rest: PARSE_MATCH plus their length. */",
        *c_array(sym_t, "parse_table", table_body(tables)),
        "/* The size of each nonterminal's block: nonterminal n's block starts",
        " * after the blocks of nonterminals 0 .. n-1. */",
        *c_array(tables.size_type(), "parse_nt_size", c_values(tables.nt_size)),
        "#ifdef PARSE_WANT_NAMES",
        *names_array("parse_token_names", [g.token_text.get(t, (t, 0))[0] for t in tables.terminals]),
        *names_array("parse_nonterm_names", tables.nonterms),
        *names_array("parse_action_names", [a[1:] for a in tables.actions]),
        "#endif /* PARSE_WANT_NAMES */",
        "",
        "#ifdef PARSE_WANT_TOKEN_TEXT",
        *packed_names("parse_token_string", [g.token_text.get(t, (t, 0))[0] for t in tables.terminals]),
        "#endif /* PARSE_WANT_TOKEN_TEXT */",
        "",
        f"#endif /* {guard} */",
        "",
    ]
    size = array_size(sym_t, tables.table) + array_size(tables.size_type(), tables.nt_size)
    return "\n".join(lines), size


# ---------------------------------------------------------------- driver


def report(g: Grammar, items: list[tuple[int, str]]) -> None:
    for line, msg in sorted(items, key=lambda item: item[0]):
        print(f"{g.path}:{line}: {msg}", file=sys.stderr)


def analyse(g: Grammar) -> Tables | None:
    """Check the grammar and build its tables; None after reporting errors."""
    terminals, actions = symbol_order(g)
    check_definitions(g)
    report(g, g.warnings)
    if g.errors:
        return None
    nullable = compute_nullable(g)
    check_left_recursion(g, nullable)
    if g.errors:
        return None
    first = compute_first(g, nullable)
    follow = compute_follow(g, nullable, first)
    predict = predict_sets(g, nullable, first, follow)
    first_sets = [first_of(p.rhs, first, nullable)[0] for p in g.productions]
    check_conflicts(g, predict, terminals, first_sets)
    if g.errors:
        return None
    inlined = inline_rules(g)
    g.rules, g.productions = inlined.rules, inlined.productions
    nullable = compute_nullable(g)
    first = compute_first(g, nullable)
    predict = predict_sets(g, nullable, first, compute_follow(g, nullable, first))
    tables = build_tables(g, terminals, actions, nullable, first, predict)
    if len(tables.table) > 0xFFFF:
        g.errors.append((1, "grammar too large for 16-bit table offsets"))
        return None

    return tables


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("grammar", help="grammar file")
    parser.add_argument("-o", "--output", required=True, help="C header to write")
    args = parser.parse_args(argv)
    try:
        g = read_grammar(args.grammar)
    except OSError as e:
        print(f"llgen: {e}", file=sys.stderr)
        return 1
    except GrammarError as e:
        print(f"{args.grammar}:{e.line}: {e.message}", file=sys.stderr)
        return 1
    tables = analyse(g)
    if tables is None:
        report(g, g.errors)
        return 1
    text, size = render_header(g, tables, args.output)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"llgen: {len(tables.terminals)} terminals, {len(tables.nonterms)} nonterminals, "
          f"{len(tables.actions)} actions, {len(g.productions)} productions, tables {size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
