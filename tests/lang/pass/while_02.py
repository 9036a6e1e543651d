# while loops with complex conditions and nested break/continue
i = 0
j = 10
while i < j and i * j < 30:
    i += 1
    j -= 1
print(i, j)
n = 0
out = []
while n < 20:
    n += 1
    if n % 2 == 0:
        continue
    if n % 7 == 0:
        break
    out += [n]
else:
    print('not reached')
print(out, n)
x = 3
while x:
    x -= 1
else:
    print('done counting', x)
s = 'abc'
while s:
    print(s)
    s = s[1:]
l = [1, 2, 3]
while l:
    del l[0]
print(l)
