# error: 5 key not found: 'x'
d = {'a': 1}
del d['a']
print(d)
del d['x']
