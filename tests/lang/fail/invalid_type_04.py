# error: 4 invalid type: 7
total = 0
n = 7
for i in n:
    total += i
