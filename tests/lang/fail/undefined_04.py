# error: 3 undefined: l.append
l = [1, 2]
l.append(3)
print(l)
