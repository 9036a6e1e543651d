# numbers compare by value whatever their sign or kind (bools too),
# NaN is unordered, and truth follows the number
n = float('nan')
i = float('inf')
print(n < 1, n > 1, n == n, n != n, 1 <= n, n >= 1)
print(-0.0 == 0, -0.0 < 0, 0 <= -0.0, True == 1, False < True, True > 0.5, False == 0.0)
print(-i < -1e38, i > 3e38, -i < i, -3 < -2, -2 < -3, -1.5 <= -1.5, 2.5 >= 3, -1e-30 < 1e-30)
print(not 0, not -0.0, not n, not 0.1, not -1, not False, not True, not None)
print(not '', not 'a', not [], not [0], not {}, not (), not len)
print('abc' < 'abd', 'ab' < 'abc', 'b' > 'abc', '' < 'a', 'é' > 'z', 'a' == 'a')
print([1, 'a'] < [1, 'b'], (1, 2) < (1, 2, 0), [1, 2] == [1, 2], [-0.0] == [0])
print({1: 2} == {1: 2}, {1: 2} == {1: 3}, {1: None} == {2: None}, {1: 2, 3: 4} == {3: 4, 1: 2})
l = [0, 1, 2, 3, 4, 5]
print(l[::2], l[::-2], l[4:1:-1], l[-100:100], l[100:], l[:-100:-1], l[1:5:3])
print('hello'[::-1], (1, 2, 3)[1:], 'hello'[-2:], l[5:0:-2], l[0:0], l[3:1])
l += 'ab'
print(l)
l *= 2
print(len(l), l[-1])
m = [1, 2]
k = m
m += [3]
print(k, 2 * m, m * 0, 'ab' * 3, (1,) * 2)
