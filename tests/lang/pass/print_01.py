# print with several args and end=
print()
print(1, 2, 3)
print('a', 'b')
print(1, 'x', None, True, [1], (2,), {3: 4})
print('no newline', end='')
print(' continued')
print('a', 'b', end='!\n')
print('x', end='')
print('y', end='')
print()
print(end='')
print('', end='\n')
print('last', 'line', end=' END\n')
i = 0
while i < 5:
    print(i, end=',')
    i += 1
print()
print('multi', 'args', 'with', 'ends', end='.\n')
print(-1, -2.5, 0)
