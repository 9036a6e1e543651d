# del of names, list items and dict keys
a = 1
b = [1, 2, 3]
c = {'x': 1, 'y': 2}
del a
a = 'rebound'
print(a)
del b[1]
print(b)
del c['x']
print(c)
del b
b = 5
print(b)
def f():
    global g
    g = 1
    del g
f()
g = 2
print(g)
l = [[1, 2, 3], [4]]
del l[0][-1]
print(l)
d = {1: {2: 3, 4: 5}}
del d[1][2]
print(d)
t = (1, 2)
del t
print('deleted tuple name')
