# chained comparisons including in, not in, is, is not
print(1 < 2 < 3)
print(1 < 3 < 2)
print(3 > 2 > 1 > 0)
print(1 < 2 > 0)
print(1 == 1 == 1)
print(1 == 1 != 2)
print(1 <= 1 < 2 <= 2)
x = 5
print(0 < x < 10, 0 < x < 3)
print(0 <= x <= 5 < 6)
l = [1, 2, 3]
print(2 in l)
print(4 not in l)
print(1 < 2 in l)
print(2 in l in [l])
print(5 in l == False)
print(None is None)
print(None is not None)
print(l is l, l is not l)
m = [1, 2, 3]
print(l is m, l == m, l is not m)
print(l is not None is not l)
print('a' in 'cat' in 'concatenate')
def f():
    pass
g = f
print(g is f, f is not None)
