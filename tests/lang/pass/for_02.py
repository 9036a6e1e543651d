# for over list, tuple, string, dict
for x in [3, 'a', [1]]:
    print(x)
for x in (1, 2):
    print(x)
for c in 'hey':
    print(c)
for k in {'one': 1, 'two': 2}:
    print(k)
for x in []:
    print('never')
for x in '':
    print('never')
for x in ():
    print('never')
for x in {}:
    print('never')
nested = [[1, 2], [3], []]
for row in nested:
    for v in row:
        print(v, end=' ')
    print('|')
