# error: 3 invalid value: 'x'
print(float('2.5'))
print(float('x'))
