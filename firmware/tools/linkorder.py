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
sections next to their callers and callees, then to random places) keeps
what the model says is best. Everything is deterministic: the same first
link gives the same order. It takes a few seconds.
"""

import bisect
import collections
import random
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
        self.size = [s[2] for s in sections]
        # For long_calls: (caller, callee, the displacement less the
        # distance between the two sections' starts).
        self.reach = [(src, dst, dst_off - src_off - 2) for src, src_off, dst, dst_off in self.calls]
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
        size = list(self.size)
        at = [0] * len(size)
        pending = self.reach
        while True:
            address = self.base
            for k in order:
                at[k] = address
                address += size[k]
            left = []
            for call in pending:
                src, dst, offset = call
                if REACH_BACK <= at[dst] - at[src] + offset <= REACH_FORWARD:
                    size[src] -= 2
                else:
                    left.append(call)
            if len(left) == len(pending):
                return len(left)
            pending = left

    def barycentre(self, order, power, rounds=60):
        """Move each section to the weighted mean of its neighbours' places
        (weights: calls between them to the given power), re-sort,
        repeat; the best order met on the way."""
        best = (self.long_calls(order), order)
        for _ in range(rounds):
            centre = {}
            address = 0
            for k in order:
                centre[k] = address + self.size[k] / 2
                address += self.size[k]
            goal = {}
            for k in order:
                near = self.neighbours[k]
                if near:
                    total = sum(n ** power for _, n in near)
                    goal[k] = sum(centre[j] * n ** power for j, n in near) / total
                else:
                    goal[k] = centre[k]
            order = sorted(order, key=lambda k: (goal[k], k))
            best = min(best, (self.long_calls(order), order))
        return best

    def refine(self, best):
        """Try each section (busiest first) beside each of its neighbours;
        keep a move that leaves fewer long calls."""
        busy = collections.Counter()
        for (a, b), n in self.weight.items():
            busy[a] += n
            busy[b] += n
        count, order = best
        for k in sorted(busy, key=lambda k: (-busy[k], k)):
            rest = [j for j in order if j != k]
            where = {j: i for i, j in enumerate(rest)}
            places = sorted({where[j] + side for j, _ in self.neighbours[k] for side in (0, 1)})
            for i in places:
                trial = rest[:i] + [k] + rest[i:]
                n = self.long_calls(trial)
                if n < count:
                    count, order = n, trial
        return count, order

    def shake(self, best, moves=40000):
        """Move random sections to random places, one move in three beside
        one of its callers or callees (a fixed seed: the same input gives
        the same order), keeping moves that leave no more long calls than
        before: it walks across plateaus the refinement stops at. 40,000
        moves leave some 8 fewer long calls on the Uno image than 6,000
        (16 bytes) for about 5 s more; 200,000 only 3 fewer again."""
        rng = random.Random(1)
        count, order = best
        for _ in range(moves):
            k = order[rng.randrange(len(order))]
            rest = [j for j in order if j != k]
            near = self.neighbours[k]
            if near and rng.randrange(3) == 0:
                i = rest.index(near[rng.randrange(len(near))][0]) + rng.randrange(2)
            else:
                i = rng.randrange(len(rest) + 1)
            trial = rest[:i] + [k] + rest[i:]
            n = self.long_calls(trial)
            if n <= count:
                count, order = n, trial
        return count, order

    def best_order(self):
        """Two barycentre orders refined, the better one refined again and
        shaken (measured on the Uno image: each step gains calls the
        others miss); the linker's own order if it were better still."""
        start = list(self.movable)
        linker = (self.long_calls(start), start)
        best = min(self.refine(self.barycentre(start, power)) for power in (0.5, 1))
        best = self.shake(self.refine(best))
        return min(best, linker), linker[0]


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
