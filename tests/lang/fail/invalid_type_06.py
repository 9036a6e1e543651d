# error: 3 invalid type: 5
n = 5
print(n[0])
