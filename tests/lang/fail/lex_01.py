# error: 3 unterminated string
print('ok')
s = 'abc
print(s)
