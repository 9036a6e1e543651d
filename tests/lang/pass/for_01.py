# for over range with various arguments
for i in range(5):
    print(i, end=' ')
print()
for i in range(2, 6):
    print(i, end=' ')
print()
for i in range(0, 20, 5):
    print(i, end=' ')
print()
for i in range(10, 0, -3):
    print(i, end=' ')
print()
for i in range(5, -6, -2):
    print(i, end=' ')
print()
for i in range(0):
    print('never')
for i in range(5, 2):
    print('never')
for i in range(2, 5, -1):
    print('never')
for i in range(-3, 3):
    print(i, end=',')
print()
for i in range(3, 3):
    print('never')
for i in range(0, -3, -1):
    print(i, end=' ')
print()
n = 4
for i in range(n * 2, n, -1):
    print(i, end=' ')
print()
