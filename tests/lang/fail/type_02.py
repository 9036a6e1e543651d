# error: 5 type mismatch: [1] - [2]
x = [1]
y = [2]
print(x + y)
print(x - y)
