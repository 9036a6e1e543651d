# deleting and adding keys keeps insertion order; 0 and False, 1 and True are one key
d = {}
k = 0
while k < 40:
    d[k] = k * k
    if k % 3 == 0:
        del d[k // 2]
    k += 1
print(d, len(d))
d = {'a': 1, 'b': 2, 'c': 3}
del d['b']
d['b'] = 4
d['d'] = 5
del d['a']
print(d, len(d), 'a' in d, 'b' in d)
d = {(1, 2): 3, 0: 'z'}
d[0] = 'y'
d[True] = 't'
print(d, d[0], d[False], d[1], d[(1, 2)])
for k in d:
    d[k] = str(d[k]) * 2
print(d)
