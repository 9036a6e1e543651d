# Chained comparisons: the middle operand is evaluated once, a false
# link ends the chain, chains nest, and they work in defaults
def noisy(x):
    print('eval', x)
    return x
print(1 < noisy(2) < 3)
print(3 < noisy(2) < noisy(5))
print(1 < (2 < 3 < 4) < 3, 0 <= 0 == 0 != 1)
print(1 in [1] in [[1], 2], 'a' < 'b' < 'c' <= 'c')
def between(x, lo=0 < 1 < 2, hi=3 > 2 > 5):
    return lo, hi, lo < x <= 10
print(between(5), between(5, 1, 2), between(11, hi=True))
def f(a, b, c):
    t = a < b < c
    u = c > b > a > 0
    return t, u
print(f(1, 2, 3), f(3, 2, 1), f(0, 1, 2))
x = 5
if 0 < x < 10 and not 6 <= x <= 9:
    print('in')
# number literals of every size
print(0, 7, 255, 256, 1000, 0.5, 0.25, 1.5, 100000, 12345, 0.1, 3.25, 65536)
