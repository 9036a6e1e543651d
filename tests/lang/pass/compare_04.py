# equality and order of nested containers
e = {'x': [1, {'y': (1, 2)}]}
f = {'x': [1, {'y': (1, 2)}]}
print(e == f, e != f, [e] == [f], {1: 2} == {2: 1}, {} == {}, {1: 2} in [{1: 2}])
print([1, 2] < [1, 2, 0], [1, 2] == (1, 2), [] == [], [[]] < [[1]], (1, 'a') < (1, 'b'))
print('abc' < 'abd', 'ab' < 'abc', 'b' > 'abc', '' < 'a', [1, 2, 3] > [1, 2], [2] > [1, 5])
print([1, [2, [3]]] == [1, [2, [3]]], [1, [2, [3]]] < [1, [2, [4]]], (1,) <= (1,))
n = float('nan')
print(n == n, n < 1, n > 1, [1, n] < [1, 2], 1 == True, 1.0 in [True])
print('at' in 'cat', '' in 'x', 'xy' in 'x', 2 in (1,), 1 in {1: 2}, 1 not in {1: 2})
