# dict keys: numbers, strings, tuples; True/1 collide
d = {}
d[1] = 'int'
d[2.5] = 'float'
d['1'] = 'str'
d[(1, 2)] = 'tuple'
d[()] = 'empty'
print(d)
print(d[1], d[2.5], d['1'], d[(1, 2)], d[()])
d[1.0] = 'same as 1'
print(d)
print(len(d))
x = {True: 'a'}
x[1] = 'b'
print(len(x), x[1], x[True])
y = {0: 'zero'}
y[False] = 'f'
print(len(y), y[0], y[False])
print(True in {1: 0}, 0 in {False: 1})
print(d[1, 2])
d[3, 4] = 'pair'
print(d[(3, 4)])
k = (1, 'x', (2,))
z = {k: 5}
print(z[(1, 'x', (2,))])
