#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Order the Uno image's functions so that more calls reach their targets.

    linkorder.py MAP ELF SCRIPT > ORDERED_SCRIPT

The linker's -mrelax turns a 4-byte `call`/`jmp` into a 2-byte
`rcall`/`rjmp` when the target lies within 4 KB. The linker's own order
(LTO partitions, then libraries) leaves most of the calls into the float
library, libgcc's shared prologue and the busiest helpers far away. This
tool reads a first link made without relaxation (its map, for each input
section's address, size and file, and its disassembly, for every call and
jmp with its target), chooses an order that brings callers and callees
within reach, and writes SCRIPT (a linker script with exactly one
`*(.text.*)`) with that order in front of the `*(.text.*)`. Sections it
does not know still land behind, so a stale order only costs bytes.

The order is chosen by measuring, not by hand, so it follows the code:
a model of the linker's relaxation counts the calls left long for an
order, and the search (1-D barycentre placement, then moving single
sections next to their callers and callees) keeps what the model says is
best. Everything is deterministic: the same first link gives the same
order.
"""

import bisect
import collections
import re
import subprocess
import sys

REACH_BACK = -4096      # rcall/rjmp displacement, in bytes from the next word
REACH_FORWARD = 4094


def read_map(path):
    """The input sections of the output section .text (or .text_high):
    (name, address, size, file) in link order."""
    sections = []
    inside = False
    pending = None
    head = re.compile(r'^(\.text(_high)?)\s')
    entry = re.compile(r'^ (\.\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$')
    with open(path) as f:
        lines = f.read().split('\n')
    start = lines.index('Linker script and memory map')
    for line in lines[start:]:
        if head.match(line):
            inside = True
            continue
        if line.startswith('.'):
            inside = False
        if not inside:
            continue
        m = re.match(r'^ (\.\S+)\s*$', line)
        if m:
            pending = m.group(1)
            continue
        m = entry.match(line)
        if m and (m.group(1) or pending):
            size = int(m.group(3), 16)
            if size:
                sections.append((m.group(1) or pending, int(m.group(2), 16),
                                 size, m.group(4)))
        pending = None
    return sections


def read_calls(elf):
    """(address, target) of every long call and jmp."""
    text = subprocess.run(['avr-objdump', '-d', elf], check=True,
                          capture_output=True, text=True).stdout
    insn = re.compile(r'^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ){4}\s*(?:call|jmp)\t0x([0-9a-f]+)')
    return [(int(m.group(1), 16), int(m.group(2), 16))
            for m in map(insn.match, text.split('\n')) if m]


def pattern(section):
    """The linker script pattern for one input section: an archive member's
    by its archive and member name, a compiled one by its section name
    (LTO's objects have temporary names)."""
    name, _, _, path = section
    m = re.match(r'^.*/([^/]+\.a)\(([^)]+)\)$', path)
    if m:
        return '*%s:%s(%s)' % (m.group(1), m.group(2), name)
    return '*(%s)' % name


class Layout:
    """The sections that may move, the calls between them, and a model of
    relaxation: for an order, how many calls stay long."""

    def __init__(self, sections, calls):
        self.sections = sections
        self.movable = [k for k, s in enumerate(sections) if s[0].startswith('.text.')]
        moving = set(self.movable)
        self.base = sections[self.movable[0]][1]
        starts = [s[1] for s in sections]
        def find(address):
            k = bisect.bisect_right(starts, address) - 1
            if k >= 0 and address < sections[k][1] + sections[k][2]:
                return k
            return None
        # A call: (caller's section, offset, callee's section, offset).
        self.calls = []
        for at, target in calls:
            src, dst = find(at), find(target)
            if src in moving and dst in moving and src != dst:
                self.calls.append((src, at - sections[src][1],
                                   dst, target - sections[dst][1]))
        self.weight = collections.Counter()
        for src, _, dst, _ in self.calls:
            self.weight[min(src, dst), max(src, dst)] += 1
        self.neighbours = collections.defaultdict(list)
        for (a, b), n in sorted(self.weight.items()):
            self.neighbours[a].append((b, n))
            self.neighbours[b].append((a, n))

    def long_calls(self, order):
        """Relax like the linker: shorten every call in reach, move the code
        up, repeat until nothing changes; return the calls left long."""
        size = {k: self.sections[k][2] for k in order}
        short = [False] * len(self.calls)
        changed = True
        while changed:
            changed = False
            at = {}
            address = self.base
            for k in order:
                at[k] = address
                address += size[k]
            for i, (src, src_off, dst, dst_off) in enumerate(self.calls):
                if short[i]:
                    continue
                distance = at[dst] + dst_off - (at[src] + src_off + 2)
                if REACH_BACK <= distance <= REACH_FORWARD:
                    short[i] = True
                    size[src] -= 2
                    changed = True
        return short.count(False)

    def barycentre(self, order, keep, power, rounds=60):
        """Move each section towards the weighted mean of its neighbours'
        places (keep: the share of its own place kept), re-sort, repeat;
        the best order met."""
        best = (self.long_calls(order), order)
        for _ in range(rounds):
            centre = {}
            address = 0
            for k in order:
                centre[k] = address + self.sections[k][2] / 2
                address += self.sections[k][2]
            goal = {}
            for k in order:
                near = self.neighbours[k]
                if near:
                    total = sum(n ** power for _, n in near)
                    mean = sum(centre[j] * n ** power for j, n in near) / total
                    goal[k] = keep * centre[k] + (1 - keep) * mean
                else:
                    goal[k] = centre[k]
            order = sorted(order, key=lambda k: (goal[k], k))
            best = min(best, (self.long_calls(order), order))
        return best

    def refine(self, best, rounds=2):
        """Try each section (busiest first) beside each of its neighbours;
        keep a move that leaves fewer long calls."""
        busy = collections.Counter()
        for (a, b), n in self.weight.items():
            busy[a] += n
            busy[b] += n
        count, order = best
        for _ in range(rounds):
            for k in sorted(busy, key=lambda k: (-busy[k], k)):
                rest = [j for j in order if j != k]
                where = {}
                for i, j in enumerate(rest):
                    where[j] = i
                places = sorted({where[j] + side for j, _ in self.neighbours[k] for side in (0, 1)})
                for i in places:
                    trial = rest[:i] + [k] + rest[i:]
                    n = self.long_calls(trial)
                    if n < count:
                        count, order = n, trial
        return count, order

    def best_order(self):
        start = list(self.movable)
        tried = [(self.long_calls(start), start)]
        for keep in (0, 0.3):
            for power in (0.5, 1):
                tried.append(self.barycentre(start, keep, power))
        return self.refine(min(tried)), tried[0][0]


def main():
    map_path, elf, script = sys.argv[1:]
    layout = Layout(read_map(map_path), read_calls(elf))
    (count, order), before = layout.best_order()
    with open(script) as f:
        text = f.read()
    if text.count('*(.text.*)') != 1:
        sys.exit('%s: expected one *(.text.*)' % script)
    lines = ['/* linkorder.py: %d long calls and jmps left of %d (%d in the linker\'s order) */'
             % (count, len(layout.calls), before)]
    lines += [pattern(layout.sections[k]) for k in order]
    lines.append('*(.text.*)')
    sys.stdout.write(text.replace('*(.text.*)', '\n    '.join(lines)))
    print('linkorder: %d long calls and jmps left of %d (%d in the linker\'s order)'
          % (count, len(layout.calls), before), file=sys.stderr)


if __name__ == '__main__':
    main()
