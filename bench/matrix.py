# Matrices as lists of lists: multiply, transpose and sum, integers kept
# small so that float32 and CPython agree exactly.
#
# Quick size: 8
# Size (first line of stdin, empty for default): matrix size.

s = input()
n = 150
if s != '':
    n = int(s)


def make(n, seed):
    m = []
    x = seed
    for i in range(n):
        row = []
        for j in range(n):
            x = (x * 75 + 74) % 65537
            row += [x % 10]
        m += [row]
    return m


def mul(a, b):
    n = len(a)
    c = []
    for i in range(n):
        ai = a[i]
        row = [0] * n
        for k in range(n):
            aik = ai[k]
            bk = b[k]
            for j in range(n):
                row[j] += aik * bk[j]
        c += [row]
    return c


def transpose(a):
    n = len(a)
    t = []
    for j in range(n):
        col = []
        for i in range(n):
            col += [a[i][j]]
        t += [col]
    return t


def checksum(m):
    h = 0
    for row in m:
        for v in row:
            h = (h * 31 + v) % 65521
    return h


a = make(n, 1)
b = make(n, 2)
c = mul(a, b)
d = mul(transpose(b), transpose(a))
print(checksum(c), checksum(d), checksum(transpose(c)) == checksum(d))
