# error: 4 invalid value: 2.5
s = 'ab'
print(s * 2)
print(s * 2.5)
