# for loops: each kind of iterable, ranges both ways, break out of nested
# loops, return from inside a loop
total = 0
for i in range(3):
    for j in range(10, 0, -3):
        if j < 5:
            break
        total = total + i * j
    for k in [1, 2, 3]:
        if k == 2:
            break
        total = total + k
print(total)
for x in range(2, 8, 2):
    print(x, end=' ')
print()
for x in range(5, 0, -2):
    print(x, end=' ')
print()
for x in range(3, 3):
    print('never')
for x in range(-2):
    print('never')
d = {'a': 1, 'b': 2}
for k in d:
    print(k, d[k])
for t in (1, 'two', [3]):
    print(t)
for c in 'hi':
    print(c)
def first_even(l):
    for v in l:
        for w in range(2):
            if v % 2 == 0:
                return v
    return None
print(first_even([1, 3, 4, 5]), first_even([1]))
print([1, 2] == [1, 2], 1 < 2 < 3, 1 < 3 < 2, 2 > 1 > 0 > -1)
