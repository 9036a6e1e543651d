# assignment, rebinding, del of names
a = 1
b = a
a = 2
print(a, b)
x = [1, 2]
y = x
x = [3]
print(x, y)
t = 1, 2, 3
print(t)
z = 5
del z
z = 'back'
print(z)
def f():
    return 'func'
g = f
del f
print(g())
v = [1]
w = v
del v
print(w)
n = None
print(n)
_under = 1
camelCase = 2
with_digits9 = 3
print(_under + camelCase + with_digits9)
