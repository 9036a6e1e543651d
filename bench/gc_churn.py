# GC churn: many short-lived lists, tuples and strings made and dropped
# while a longer-lived structure (a ring of records) keeps changing.
#
# Quick size: 500
# Size (first line of stdin, empty for default): number of iterations.

s = input()
n = 350000
if s != '':
    n = int(s)

M = 1000003
RING = 500
ring = []
for i in range(RING):
    ring += [[i, 'r' + str(i), (i, i + 1)]]

h = 0
x = 1
for it in range(n):
    x = (x * 75 + 74) % 65537
    tmp = [x, x + 1, x + 2, x + 3]
    tup = (it, x, 'tag')
    st = 'item' + str(x % 1000)
    pair = [tmp, tup, st]
    h = (h + pair[0][2] + pair[1][0] % 97 + len(pair[2])) % M
    if it % 3 == 0:
        k = x % RING
        old = ring[k]
        ring[k] = [old[0] + 1, old[1][:4] + str(it % 10), (k, it % 1000)]
    if it % 7 == 0:
        big = [0] * 20
        big[it % 20] = x
        h = (h + big[it % 20] % 101) % M

total = 0
names = 0
for r in ring:
    total = (total + r[0] * 3 + r[2][1]) % M
    names = names + len(r[1])
print(h, total, names)
