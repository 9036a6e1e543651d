# += and *= change a list in place: every name for it sees the change
l = [1, 2]
m = l
l += l
l += (3,)
m += 'xy'
print(l, m, l is m)
l *= 2
print(len(m), m[-1])
l *= 0
print(m)
m += 'z'
l += [4]
print(l)
l = []
i = 0
while i < 16:
    l += [i, str(i)]
    if i % 4 == 0:
        del l[0]
    i += 1
print(l, len(l))
a = [[1], (2, 'x')]
b = a * 3
a += b
b[0] += [9]
print(a, b)
print(3 * [0], (1, 2) * 2 + (3,), 'ab' * 2 + 'c', [] * 5, 'ab' * -2, [1] * True)
x = 3
x *= [1, 2]
print(x)
