# += extends in place (aliases see it); *= too
a = [1, 2]
b = a
a += [3, 4]
print(a, b)
print(a is b)
b += [5]
print(a)
c = a
c = c + [6]
print(a, c)
x = []
y = x
i = 0
while i < 3:
    x += [i]
    i += 1
print(y)
def add(l, v):
    l += [v]
add(y, 'end')
print(x)
z = [1]
z *= 3
print(z)
