# list + and * create new lists
a = [1, 2]
b = [3]
c = a + b
print(a, b, c)
print(c is a)
print(a * 3)
print(3 * a)
print(a * 0, a * -1)
print([] + [])
print([[0]] * 2)
d = [[0]] * 3
d[0][0] = 5
print(d)
e = a
a = a + [9]
print(a, e)
f = [0] * 5
f[2] = 1
print(f)
print(len([1, 2, 3] * 4))
