# basic integer arithmetic and precedence
print(1 + 2 * 3)
print((1 + 2) * 3)
print(10 - 4 - 3)
print(10 - (4 - 3))
print(2 * 3 + 4 * 5)
print(100 // 7, 100 % 7)
print(-7 + 3)
print(- -5)
print(+4)
print(-(3 * 4))
print(1 + 2 - 3 + 4 - 5)
print(2 * 3 * 4 // 5)
print(7 // 2 * 2 + 7 % 2)
x = 12
y = 5
print(x + y, x - y, x * y, x // y, x % y)
print(-x + y * 2)
