# integer-valued float results print without .0 after int()
a = 2.5
b = 1.5
print(int(a + b))
print(int(a * 4))
print(int(a - b))
print(a * 2 == 5)
print(2.5 * 4 // 1 == 10)
print(int(10 / 5))
print(int(2 ** 0.5 * 2 ** 0.5 + 0.5))
n = 0
i = 0
while i < 10:
    n = n + 0.5
    i += 1
print(int(n), n == 5)
print(round(n))
print(int(1e3))
print(int(2.5e2))
print(int(1.5e1))
