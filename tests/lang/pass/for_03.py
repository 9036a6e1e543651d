# for/else with break and continue, loop variable after loop
for i in range(3):
    pass
print(i)
for i in range(10):
    if i == 4:
        break
print(i)
for i in range(5):
    if i % 2 == 0:
        continue
    print('odd', i)
else:
    print('else ran, i =', i)
for i in range(5):
    if i == 2:
        break
else:
    print('not printed')
for x in [7, 8, 9]:
    pass
print(x)
for c in 'xyz':
    pass
print(c)
def find(l, v):
    for i in range(len(l)):
        if l[i] == v:
            print('found at', i)
            break
    else:
        print('not found')
find([1, 2, 3], 2)
find([1, 2, 3], 5)
find([], 5)
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, 'is prime')
