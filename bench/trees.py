# Binary trees as nested tuples and lists: build many short-lived trees
# and a few long-lived ones, walk them recursively (the collector's
# favourite work, and calls).
#
# Quick size: 8
# Size (first line of stdin, empty for default): depth of the big trees.

s = input()
n = 14
if s != '':
    n = int(s)


def make(depth, v):
    if depth == 0:
        return (v, None, None)
    return (v, make(depth - 1, 2 * v), make(depth - 1, 2 * v + 1))


def check(t):
    if t[1] is None:
        return t[0] % 7
    return (t[0] % 7 + check(t[1]) - check(t[2])) % 1000003


def count(t):
    if t[1] is None:
        return 1
    return 1 + count(t[1]) + count(t[2])


keep = make(n, 1)
total = 0
for depth in range(4, n + 1, 2):
    iterations = 2 ** (n - depth + 4)
    c = 0
    for i in range(iterations):
        t = make(depth, i % 97)
        c = (c + check(t)) % 1000003
    total = (total + c) % 1000003
    print(depth, iterations, c)
print(count(keep), check(keep), total)
