# error: 3 invalid value: 2.5
print(6 & 3)
print(2.5 & 1)
