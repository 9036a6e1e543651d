# error: 3 invalid type: 5
print(len('abc'))
print(len(5))
