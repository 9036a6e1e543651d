# dicts holding lists, dicts aliasing
a = {'l': []}
b = a
b['l'] += [1]
a['n'] = 2
print(a, b)
print(a is b)
g = {}
for i in range(6):
    k = i % 3
    if k not in g:
        g[k] = []
    g[k] += [i]
print(g)
inv = {}
src = {'one': 1, 'two': 2, 'three': 3}
for k in src:
    inv[src[k]] = k
print(inv)
print({'q': "it's", 'r': 'a"b'})
print({'nested': {'deep': {'x': (1,)}}})
