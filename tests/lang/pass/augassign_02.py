# augmented assignment on list items and dict items
l = [10, 20, 30, 7, 2, 12]
l[0] += 1
l[1] -= 5
l[2] *= 3
l[3] //= 2
l[4] **= 5
l[5] %= 5
print(l)
l[0] &= 6
l[1] |= 1
l[2] ^= 1
l[3] <<= 3
l[4] >>= 1
print(l)
l[-1] += 100
print(l)
l[5] /= 4
print(l[5])
d = {'a': 1, 'b': 'x', 'c': [1]}
d['a'] += 9
d['b'] *= 3
d['c'] += [2]
print(d)
d['a'] -= 1
d['a'] //= 2
d['a'] %= 3
d['a'] **= 2
d['a'] <<= 2
d['a'] >>= 1
d['a'] |= 1
d['a'] ^= 8
d['a'] &= 14
print(d['a'])
d['a'] /= 8
print(d['a'])
m = [[1, 2], [3, 4]]
m[1][0] += 10
m[0][-1] *= -1
print(m)
k = {(1, 2): 0}
k[(1, 2)] += 5
print(k)
i = 0
c = [0, 0, 0]
c[i] += 1
i += 1
c[i + 1] += 2
print(c)
