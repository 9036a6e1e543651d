# item assignment, del item
l = [1, 2, 3, 4, 5]
del l[0]
print(l)
del l[-1]
print(l)
del l[1]
print(l, len(l))
l[0] = 'a'
l[-1] = 'z'
print(l)
m = [[1, 2], [3, 4]]
del m[0][1]
print(m)
m[1][1] = [5]
print(m)
del m[1]
print(m)
while len(l) > 0:
    del l[0]
    print(l)
n = [0, 1, 2, 3, 4, 5]
i = len(n) - 1
while i >= 0:
    if n[i] % 2 == 1:
        del n[i]
    i -= 1
print(n)
