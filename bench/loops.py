# Loops: nested while and for loops with integer arithmetic.
# Every intermediate value stays below 2**24 so float32 is exact.
#
# Quick size: 20
# Size (first line of stdin, empty for default): outer loop count.

s = input()
n = 3500
if s != '':
    n = int(s)

M = 1000003
acc = 0
i = 0
while i < n:
    j = 0
    row = 0
    while j < 200:
        row = (row + i * 31 + j * 7 + (i ^ j) + (i & 255) * (j | 1)) % M
        j += 1
    acc = (acc * 11 + row) % M
    i += 1
print(acc)

count = 0
total = 0
for a in range(n):
    for b in range(100):
        if (a + b) % 3 == 0:
            count += 1
        elif (a * b) % 7 == 1:
            total = (total + a - b) % M
        else:
            total = (total + (a % 13) * (b % 17)) % M
print(count, total)

k = 0
x = 1
while True:
    k += 1
    if k % 5 == 0:
        continue
    x = (x * 3 + k) % 65521
    if k >= n * 150:
        break
print(k, x)
