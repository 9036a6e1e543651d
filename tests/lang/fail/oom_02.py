# error: 3 out of memory
print([1, 2] * 0, 'ab' * -5)
print(len('ab' * 100000000))
