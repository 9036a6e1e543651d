# joining, repeating, slicing and searching share one item copier
l = [1]
l += 'ab'
l += (2, 3)
print(l)
l *= 2
print(l, len(l))
m = l
m += []
print(m is l, l)
print([0] * 3, 3 * (1, 2), 'ab' * 3, 2 * 'xy', [1] * -2, 'ab' * 0, () * 4)
s = 'snek language'
print(s[::-1], s[1:9:3], s[-4:], s[:-9], s[10:2:-2], s[50:], s[-50:3], s[::-5])
t = (1, 2, 3, 4, 5, 6)
print(t[::2], t[5:0:-2], t[::-4], t[2:2], t[-2::-1])
print(l[1:4], l[::-3], [][::-1], ''[1:])
print('lang' in s, 'gnal' in s, '' in s, ' ' in s, 3 in t, 9 in t, 'a' in l, [2] in [[1], [2]])
d = {1: 'one', 2: 'two', 3: 'three', (4, 5): 'pair'}
del d[1]
del d[3]
d[6] = 'six'
print(d, d == {2: 'two', (4, 5): 'pair', 6: 'six'}, d == {2: 'two', 6: 'six'})
print((4, 5) in d, 1 in d, d[(4, 5)])
e = [5, 6, 7, 8]
del e[1]
e[-1] = 'end'
print(e, e[-2], 'x'[0], s[-1])
print(-(2), +True, ~7, -True, ~False, not [], not [0])
print([1, [2, 'a']] < [1, [2, 'b']], (1, 2) < (1, 2, 0), 'b' > 'abc', {} == {})
