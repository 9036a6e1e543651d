# bit operations on integers
print(5 & 3, 5 | 3, 5 ^ 3)
print(~5, ~0, ~-1)
print(1 << 20)
print(1 << 0, 3 << 4)
print(256 >> 4, 255 >> 1)
print(-16 >> 2)
print(-1 >> 1)
print(-17 >> 2)
print(12 & -4)
print(-8 | 3)
print(-8 ^ 7)
print(1 | 2 | 4 | 8)
print(255 & 15 ^ 3)
print(1 + 2 << 3)
print(1 << 2 + 1)
print(6 & 3 == 2)
print((6 & 3) == 2)
print(5 | 2 & 1)
print(5 ^ 1 | 2)
print(~3 & 255)
x = 1
n = 0
while x < 1000:
    x = x << 1
    n += 1
print(x, n)
