# error: 4 index out of range: 5
l = [1, 2, 3]
print(l[2])
print(l[5])
