# Calls: positional, named and default arguments, small helper functions.
#
# Quick size: 500
# Size (first line of stdin, empty for default): number of iterations.

s = input()
n = 300000
if s != '':
    n = int(s)

M = 1000003


def clamp(v, lo=0, hi=1000):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


def mix(a, b=3, c=5, d=7):
    return (a * b + c * d) % M


def scale(value, num=1, den=1, offset=0):
    return value * num // den + offset


def nothing():
    pass


def pick(a, b, first=True):
    if first:
        return a
    return b


h = 0
for i in range(n):
    a = clamp(i % 1500 - 200)
    b = clamp(i % 1500, hi=900)
    c = clamp(lo=10, v=i % 50)
    m1 = mix(a)
    m2 = mix(b, d=1)
    m3 = mix(c, c=2, b=4)
    m4 = mix(d=i % 9, a=i % 11, c=1, b=2)
    sc = scale(i % 1000, num=3, den=2) + scale(i % 100, offset=5)
    nothing()
    p = pick(m1, m2, first=(i % 2 == 0))
    h = (h + m3 + m4 + sc + p) % M
print(h)
