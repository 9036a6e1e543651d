# string indexing and negative indices
s = 'hello'
print(s[0], s[1], s[4])
print(s[-1], s[-5], s[-2])
print(len(s), len(''), len('a'))
i = 0
while i < len(s):
    print(i, s[i], s[-1 - i])
    i += 1
print(s[len(s) - 1])
t = 'x'
print(t[0] == t[-1])
print('abc'[1])
