# error: 4 undefined: a
a = 5
del a
print(a)
