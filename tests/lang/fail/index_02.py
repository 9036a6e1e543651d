# error: 4 index out of range: -4
s = 'abc'
print(s[-3])
print(s[-4])
