# error: 4 invalid type: 5
n = 5
print(n)
n(1)
