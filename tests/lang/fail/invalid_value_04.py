# error: 3 invalid value: -1
print(chr(65))
print(chr(-1))
