# modifying loop variable and list during for
for i in range(3):
    print(i)
    i = 100
print(i)
l = [1, 2, 3]
for x in l:
    x = x * 10
print(l)
count = 0
for i in range(3):
    for j in range(3):
        if j > i:
            continue
        count += 1
print(count)
s = 0
for i in range(1, 101):
    s += i
print(s)
p = 1
for i in range(1, 11):
    p *= i
print(p)
