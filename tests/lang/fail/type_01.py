# error: 3 type mismatch: 'a' + 1
s = 'a'
print(s + 1)
