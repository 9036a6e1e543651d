# error: 4 undefined: x
a = 1
print(a)
print(x)
