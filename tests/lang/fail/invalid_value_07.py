# error: 3 invalid value: 1.5
x = 5
print(x << 1.5)
