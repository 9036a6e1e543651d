# error: 4 key not found: 'x'
d = {'a': 1}
print(d['a'])
print(d['x'])
