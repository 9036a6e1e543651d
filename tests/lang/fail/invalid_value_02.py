# error: 4 invalid value: 1.5
l = [1, 2, 3]
print(l[1])
print(l[1.5])
