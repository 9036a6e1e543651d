# A loop's else is outside the loop: break and continue there are the
# enclosing loop's; a break in the loop itself skips the else
for i in range(3):
    for j in []:
        pass
    else:
        print('else', i)
        break
    print('not reached')
print('after', i)
for i in range(3):
    for j in 'ab':
        pass
    else:
        continue
    print('not reached')
n = 0
while n < 4:
    n = n + 1
    k = 0
    while k < 2:
        k = k + 1
    else:
        if n == 2:
            continue
        if n == 3:
            break
    print('while', n)
print('n', n)
for c in 'xyz':
    if c == 'y':
        break
else:
    print('not reached')
print(c)
def first_even(l):
    for x in l:
        for d in [2]:
            if x % d == 0:
                break
        else:
            continue
        return x
    else:
        return None
print(first_even([1, 3, 4, 6]), first_even([1, 3]))
# range's bounds may be any expressions
lo = 0
for x in range(lo or 2, 3 and 5, 1 < 2 < 3):
    print(x, end=' ')
print()
for x in range(-1, -7, -2):
    print(x, end=' ')
print()
