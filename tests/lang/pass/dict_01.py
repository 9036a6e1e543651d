# dict literal, printing in insertion order, lookup
d = {'a': 1, 'b': 2, 'c': 3}
print(d)
print(d['a'], d['c'])
print({})
print({1: 'one', 'two': 2, (3,): [3]})
print(len(d), len({}))
d['d'] = 4
print(d)
d['a'] = 100
print(d)
del d['b']
print(d)
d['b'] = 'again'
print(d)
print('a' in d, 'b' in d, 'z' in d, 'z' not in d)
print(1 in d)
e = {'k': {'inner': [1, 2]}}
print(e['k']['inner'][1])
e['k']['inner'] += [3]
print(e)
