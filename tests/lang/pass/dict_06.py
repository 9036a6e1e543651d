# dict with various value types and membership edge cases
d = {None: 'none', 'n': None, 0: 'zero', '': 'empty'}
print(d)
print(d[None], d['n'], d[0], d[''])
print(None in d, 'missing' in d)
d[0] += '!'
print(d[0])
e = {1: 1}
e[1] = e[1] + 1
e[2] = e[1] * 10
print(e)
print(len({1: 1, 1.0: 2}))
f = {'b': 1, 'a': 2}
g = {'a': 2, 'b': 1}
print(f == g, f)
t = {(0, 0): 'origin', (1, (2, 3)): 'nested'}
print(t[(1, (2, 3))], (0, 0) in t, (0, 1) in t)
