# concatenation and repetition
a = 'ab'
b = 'cd'
print(a + b)
print(a + '' + b)
print(a * 3)
print(3 * a)
print('[' + a * 0 + ']')
print('[' + a * -2 + ']')
print('-' * 10)
print('x' * 1)
c = a
c = c + 'e'
print(a, c)
c += 'fg'
print(c)
c *= 2
print(c)
s = ''
i = 0
while i < 5:
    s = s + str(i)
    i += 1
print(s)
print(len('ab' * 50))
print(('a' + 'b') * 2 + 'c')
