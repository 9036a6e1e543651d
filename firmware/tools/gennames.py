#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the built-in name tables from the preprocessed builtins.def.

Names are numbered in the order of their text (sorted), so that each
shares the longest start with the one before it. Their text is one flash
string of entries, read by a linear walk (core/name.c) that keeps the
last name spelled in a buffer:

    [head] text          head: a byte below 0x20, present when the name
                         starts like the one before it: how many bytes
                         it keeps of it (0-15), plus ALIAS (0x10) when
                         the name has a module prefix and the bare name
                         exists too
    text                 the rest, ASCII; its last byte has bit 7 set

An entry with ALIAS stands for two names with consecutive numbers: the
prefixed one ("math.sqrt"), then the bare one ("sqrt", what follows the
first dot). Each number has
one byte in name_value: its function (below 0x80), 0x80 | its constant
(in builtin_const), 0xC0 | a small whole number (0 to 62, the constant
itself: pin numbers cost no table entry), or 0xFF.

A FUNC row's C entry is builtin_<c_name>. A SHARED(c_name, body, ...)
row's entry builtin_<c_name> is an alias of the C function builtin_<body>
(defined with BUILTIN_SHARES beside it), which serves several rows: they
get consecutive numbers, the first is BUILTIN_FIRST_<body>, and the
function tells them apart by the number of the builtin called
(args[-1]): BUILTIN_<name> is each row's, by its first name
(BUILTIN_talkto, BUILTIN_eeprom_write). The table points at the body
once. FLOAT1(c_fn,
"name", ...) and FLOAT2 rows are functions of one or two floats sharing
the wrapper builtin_floatfn, which finds c_fn in
BUILTIN_FLOAT_FNS(F1, F2) (F1(c_fn) or F2(c_fn) for each row, in order:
the FLOAT2 rows last, from BUILTIN_FLOAT2_FIRST). FLOAT1B rows are FLOAT1
rows with an optional second argument b, giving c_fn(x) / c_fn(b) (log's
base).
"""

import re
import sys
from dataclasses import dataclass, field

ROW = re.compile(r'^\s*(FUNC|SHARED|FLOAT1B|FLOAT1|FLOAT2|CONST|NAME)\((.*)\)\s*$')
ALIAS = 0x10
KEPT_MAX = 15  # bytes a head keeps of the name before
SMALL_INT = 0xC0  # name_value: 0xC0 | n is the number n
SMALL_MAX = 0x3E  # 0xFF means none


@dataclass
class SmallInt:
    n: int


@dataclass
class Func:
    c_name: str
    lo: int
    hi: int
    kind: str = 'FUNC'  # or FLOAT1, FLOAT1B, FLOAT2: c_name is then the float function
    index: int = 0
    body: str = ''      # SHARED: the C function builtin_<c_name> is an alias of


@dataclass
class Entry:
    text: str                 # the bare text (after the module prefix)
    module: str = ''          # 'math.' or ''
    alias: bool = False       # the bare name exists too
    value: object = None      # a Func, a constant number, or None
    ids: list = field(default_factory=list)

    def names(self) -> list[str]:
        return [self.module + self.text] + ([self.text] if self.alias else [])


def wrapper(f: Func) -> str:
    """The C function a row calls."""
    if f.kind == 'SHARED':
        return f.body
    return f.c_name if f.kind == 'FUNC' else 'floatfn'


def split_args(text: str) -> list[str]:
    """Split a macro argument list on top-level commas."""
    args, depth, cur, quoted = [], 0, '', False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if not quoted and ch in '([':
            depth += 1
        if not quoted and ch in ')]':
            depth -= 1
        if ch == ',' and depth == 0 and not quoted:
            args.append(cur.strip())
            cur = ''
        else:
            cur += ch
    args.append(cur.strip())
    return args


def row_entries(strings: list[str], value) -> list[Entry]:
    """One entry per name of a row; "x" and "mod.x" together make one alias entry."""
    entries, taken = [], set()
    for s in strings:
        if s in taken:
            continue
        if '.' in s:
            module, text = s[:s.index('.') + 1], s[s.index('.') + 1:]
            entries.append(Entry(text, module, False, value))
            continue
        prefixed = [t for t in strings if t.endswith('.' + s) and t.index('.') == len(t) - len(s) - 1]
        if prefixed:
            taken.add(prefixed[0])
            module = prefixed[0][:-len(s)]
            entries.append(Entry(s, module, True, value))
        else:
            entries.append(Entry(s, '', False, value))
    return entries


def parse(lines: list[str]):
    entries: list[Entry] = []
    funcs: list[Func] = []
    consts: list[str] = []

    for line in lines:
        m = ROW.match(line)
        if not m:
            if line.strip():
                sys.exit(f'gennames: cannot read: {line.strip()}')
            continue
        kind, args = m.group(1), split_args(m.group(2))
        strings = [a.strip('"') for a in args if a.startswith('"')]
        if kind == 'FUNC':
            value = Func(args[0], int(args[1]), int(args[2]))
        elif kind == 'SHARED':
            value = Func(args[0], int(args[2]), int(args[3]), kind, body=args[1])
        elif kind in ('FLOAT1', 'FLOAT2'):
            n = int(kind[-1])
            value = Func(args[0], n, n, kind)
        elif kind == 'FLOAT1B':
            value = Func(args[0], 1, 2, kind)
        elif kind == 'CONST' and re.fullmatch(r'\d+', args[0]) and int(args[0]) <= SMALL_MAX:
            value = SmallInt(int(args[0]))
        elif kind == 'CONST':
            consts.append(args[0])
            value = len(consts) - 1
        else:
            value = None
        if isinstance(value, Func):
            funcs.append(value)
        entries += row_entries(strings, value)

    # Rows sharing a C function together, in the order of their first row
    # (the FLOAT2 rows after the other float rows).
    first_row = {}
    for i, f in enumerate(funcs):
        first_row.setdefault(wrapper(f), i)
    funcs.sort(key=lambda f: (first_row[wrapper(f)], f.kind == 'FLOAT2'))
    for i, f in enumerate(funcs):
        f.index = i

    # Sorted, each name starts most like the one before it (see emit).
    entries.sort(key=lambda e: e.module + e.text)
    seen, next_id = set(), 0
    for e in entries:
        for name in e.names():
            if name in seen:
                sys.exit(f'gennames: name {name} given twice')
            seen.add(name)
            e.ids.append(next_id)
            next_id += 1
    return entries, funcs, consts


def c_ident(text: str) -> str:
    return 'NAME_' + text.replace('.', '_')


def rom_text(data: bytes) -> str:
    """A C string literal of these bytes (octal escapes outside printable ASCII)."""
    return '"' + ''.join(chr(b) if 0x20 <= b < 0x7f and chr(b) not in '"\\?' else f'\\{b:03o}'
                         for b in data) + '"'


def ended(text: str) -> bytes:
    """ASCII text with bit 7 set on its last byte."""
    data = bytearray(text.encode('ascii'))
    data[-1] |= 0x80
    return bytes(data)


def emit(entries: list[Entry], funcs: list[Func], consts: list[str]) -> str:
    names = [(name, i) for e in entries for name, i in zip(e.names(), e.ids)]
    longest = max((len(n) for n, _ in names), default=0)
    out = ['/* Generated by firmware/tools/gennames.py from core/builtins.def: do not edit. */',
           '#ifndef SNEK_NAMES_H', '#define SNEK_NAMES_H', '']
    out.append(f'#define NAME_BUILTIN_COUNT {len(names)}')
    out.append(f'#define NAME_BUILTIN_MAX {longest + 1} /* the longest name and its NUL */')
    out.append('enum builtin_name {')
    out += [f'\t{c_ident(n)} = {i},' for n, i in names]
    out.append('};\n')
    declared = set()
    for f in funcs:
        c = wrapper(f)
        if c not in declared:
            declared.add(c)
            out.append(f'value_t builtin_{c}(uint8_t nargs, value_t *args);')
            out.append(f'#define BUILTIN_FIRST_{c} {f.index}')
        if f.kind == 'SHARED' and f.c_name not in declared:
            declared.add(f.c_name)
            out.append(f'value_t builtin_{f.c_name}(uint8_t nargs, value_t *args); /* = builtin_{c} */')
    # Each FUNC row's number by its first name (BUILTIN_talkto): a C
    # function shared by several rows switches on it.
    for e in entries:
        if isinstance(e.value, Func) and e.value.kind in ('FUNC', 'SHARED'):
            name = e.names()[-1].replace('.', '_')  # the bare one of an alias
            out.append(f'#define BUILTIN_{name} {e.value.index}')
    group = [f for f in funcs if f.kind not in ('FUNC', 'SHARED')]
    out.append(f'#define BUILTIN_FLOAT_COUNT {len(group)}')
    out.append(f'#define BUILTIN_FLOAT2_FIRST {sum(f.kind != "FLOAT2" for f in group)}')
    out.append('#define BUILTIN_FLOAT_FNS(F1, F2) '
               + ' '.join(f'{"F2" if f.kind == "FLOAT2" else "F1"}({f.c_name})' for f in group))
    out.append('')
    out.append('#ifdef SNEK_NAMES_TABLES')
    out.append('#define NAME_ALIAS 0x' + f'{ALIAS:02X}')
    text, before = b'', ''
    for e in entries:
        full = e.module + e.text
        kept = 0
        while kept < min(len(before), len(full) - 1, KEPT_MAX) and before[kept] == full[kept]:
            kept += 1
        if kept or e.alias:
            text += bytes([kept | (ALIAS if e.alias else 0)])
        text += ended(full[kept:])
        before = full
    out.append(f'static const char name_text[] SNEK_ROM = {rom_text(text)};')
    values = []
    for e in entries:
        if isinstance(e.value, Func):
            v = e.value.index
        elif isinstance(e.value, SmallInt):
            v = SMALL_INT | e.value.n
        elif e.value is not None:
            v = 0x80 | e.value
        else:
            v = 0xFF
        values += [v] * len(e.ids)
    out.append(f'#define NAME_SMALL_INT 0x{SMALL_INT:02X}')
    out.append('/* Function number, 0x80 | constant number, 0xC0 | small number, or 0xFF for none. */')
    out.append('static const uint8_t name_value[] SNEK_ROM = {'
               + ', '.join(map(str, values)) + '};')
    # Rows sharing a C function share its entry in builtin_fns, and rows
    # taking as many arguments share an entry in builtin_args (min |
    # (max + 1) << 4, 0 there for max 255: any number). A row is the two
    # numbers, fn | args << BUILTIN_FN_BITS, in a byte when they fit.
    fns = list(dict.fromkeys(wrapper(f) for f in funcs))
    args = list(dict.fromkeys(f.lo | ((f.hi + 1) & 15) << 4 for f in funcs))
    fn_bits = max(1, (len(fns) - 1).bit_length())
    wide = fn_bits + max(1, (len(args) - 1).bit_length()) > 8
    out.append(f'#define BUILTIN_FN_BITS {fn_bits}')
    out.append(f'typedef {"uint16_t" if wide else "uint8_t"} builtin_row_t;')
    out.append(f'#define BUILTIN_ROW(p) SNEK_ROM_{"WORD" if wide else "BYTE"}(p)')
    out.append('static const builtin_fn_t builtin_fns[] SNEK_ROM = {'
               + ', '.join(f'builtin_{c}' for c in fns) + '};')
    out.append('static const uint8_t builtin_args[] SNEK_ROM = {' + ', '.join(map(str, args)) + '};')
    out.append('static const builtin_row_t builtin_rows[] SNEK_ROM = {'
               + ', '.join(str(fns.index(wrapper(f)) | args.index(f.lo | ((f.hi + 1) & 15) << 4) << fn_bits)
                           for f in funcs) + '};')
    out.append('static const float builtin_const[] SNEK_ROM = {' + ', '.join(consts or ['0']) + '};')
    out.append('#endif\n#endif')
    return '\n'.join(out) + '\n'


def main() -> None:
    entries, funcs, consts = parse(sys.stdin.read().splitlines())
    if len(funcs) > 127 or len(consts) > 63:
        sys.exit('gennames: too many builtins')
    if any(f.lo > 14 or (f.hi > 14 and f.hi != 255) for f in funcs):
        sys.exit('gennames: argument counts are 0-14 or 255')
    sys.stdout.write(emit(entries, funcs, consts))


if __name__ == '__main__':
    main()
