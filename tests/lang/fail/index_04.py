# error: 4 index out of range: 3
l = [0, 0, 0]
for i in range(4):
    l[i] = i
