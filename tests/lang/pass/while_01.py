# while, while/else, break, continue
i = 0
while i < 5:
    i += 1
    if i == 2:
        continue
    print(i)
else:
    print('else after normal end')
i = 0
while i < 10:
    if i == 3:
        break
    i += 1
else:
    print('not printed')
print('broke at', i)
n = 0
while n < 0:
    print('never')
else:
    print('else runs when condition false at start')
total = 0
k = 1
while True:
    total += k
    k += 1
    if total > 50:
        break
print(total, k)
a = 0
while a < 3:
    b = 0
    while b < 3:
        if b == a:
            break
        b += 1
    else:
        print('inner else', a)
    print(a, b)
    a += 1
