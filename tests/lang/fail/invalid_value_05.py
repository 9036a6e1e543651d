# error: 3 invalid value: 'abc'
print(int('12'))
print(int('abc'))
