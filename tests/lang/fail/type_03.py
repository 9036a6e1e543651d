# error: 3 type mismatch: 1 + 'b'
def add(a, b):
    return a + b
print(add(1, 2))
print(add('a', 'b'))
print(add(1, 'b'))
