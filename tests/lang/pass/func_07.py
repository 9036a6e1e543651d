# named arguments: any order, with defaults, more than eight of them
def f(a, b=2, c=3):
    t = a * 100 + b * 10 + c
    return t
print(f(1), f(1, 5), f(1, c=7), f(c=7, a=1), f(b=4, c=5, a=6))
def many(a, b, c, d, e, f, g, h, i, j):
    return [a, b, c, d, e, f, g, h, i, j]
print(many(j=10, i=9, h=8, g=7, f=6, e=5, d=4, c=3, b=2, a=1))
print(many(1, 2, 3, j=10, i=9, h=8, g=7, f=6, e=5, d=4))
def pair(x, y=None):
    z = [x, y]
    return z
print(pair(y=0, x=1), pair(5))
print('a', 'b', end='!\n')
import math
print(math.isclose(1, 1.05, rel_tol=0.1), math.isclose(1, 1.05, abs_tol=0.01))
