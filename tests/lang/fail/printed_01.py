# error: 8 type mismatch: 'total: ' + 6
l = [1, 2, 3]
s = 0
for x in l:
    print('adding', x)
    s += x
print('sum', s)
print('total: ' + s)
