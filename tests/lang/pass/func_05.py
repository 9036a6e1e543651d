# functions as values
def double(x):
    return x * 2
def square(x):
    return x * x
def apply(f, v):
    return f(v)
def compose_apply(f, g, v):
    return f(g(v))
def mapl(f, l):
    r = []
    for x in l:
        r += [f(x)]
    return r
print(apply(double, 5), apply(square, 5))
print(compose_apply(double, square, 3))
print(mapl(square, [1, 2, 3, 4]))
ops = [double, square]
for op in ops:
    print(op(7))
table = {'d': double, 's': square}
print(table['s'](9))
g = double
print(g(g(g(1))))
print(g is double, g is not square)
if double:
    print('truthy')
def pick(n):
    if n:
        return double
    return square
print(pick(1)(10), pick(0)(10))
