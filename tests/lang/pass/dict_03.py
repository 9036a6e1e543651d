# iteration over dicts, len, equality
d = {'x': 1, 'y': 2, 'z': 3}
for k in d:
    print(k, d[k])
total = 0
for k in d:
    total += d[k]
print(total)
print({'a': 1, 'b': 2} == {'b': 2, 'a': 1})
print({'a': 1} == {'a': 2})
print({'a': 1} != {'a': 1, 'b': 2})
print({} == {})
print({1: [1, 2]} == {1: [1, 2]})
keys = []
for k in {3: 0, 1: 0, 2: 0}:
    keys += [k]
print(keys)
e = {}
for k in e:
    print('never')
print(len(d))
