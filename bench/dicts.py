# Dicts: insert, look up, update, delete and iterate, with string and
# number keys. Dicts keep insertion order in both Snek and CPython.
#
# Quick size: 100
# Size (first line of stdin, empty for default): number of keys per round.

s = input()
n = 20000
if s != '':
    n = int(s)

M = 1000003
h = 0
for rnd in range(8):
    d = {}
    for i in range(n):
        d['k' + str(i)] = i * 3 + rnd
    for i in range(n):
        d[i] = 'v' + str(i % 97)
    hits = 0
    for i in range(0, 2 * n, 3):
        if ('k' + str(i)) in d:
            hits += 1
        if i in d:
            hits += 1
    for i in range(0, n, 2):
        d['k' + str(i)] = d['k' + str(i)] + 1
        d[i] = d[i] + '!'
    for i in range(0, n, 5):
        del d['k' + str(i)]
        del d[i + 1]
    for i in range(0, n, 10):
        d['k' + str(i)] = -i
    total = 0
    count = 0
    for k in d:
        v = d[k]
        if k in d and len(str(k)) > 0:
            count += 1
        if v == str(v):
            total = (total + len(v) * 7) % M
        else:
            total = (total * 3 + v + 1000) % M
    h = (h * 13 + total + hits + count) % M
    print(rnd, len(d), hits, count, total)
print(h)

# Counting words in a dict.
words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta']
counts = {}
x = 7
for i in range(n * 10):
    x = (x * 75 + 74) % 65537
    w = words[x % 8] + str(x % 5)
    if w in counts:
        counts[w] += 1
    else:
        counts[w] = 1
order = ''
for k in counts:
    order = order + k[0]
print(len(counts), counts['alpha0'], counts['theta4'], order)
