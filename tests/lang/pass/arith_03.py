# floor division and modulo with negatives (Python semantics)
print(7 // 2, 7 % 2)
print(-7 // 2, -7 % 2)
print(7 // -2, 7 % -2)
print(-7 // -2, -7 % -2)
print(6 // 3, -6 // 3, 6 // -3)
print(0 // 5, 0 % 5)
print(1 % 3, -1 % 3, 1 % -3)
print(17 % 5, -17 % 5)
print(7.5 // 2 == 3, 7.5 % 2)
print(-7.5 // 2 == -4)
print(-7.5 % 2)
print(5 % 2.5 == 0)
a = -13
b = 4
print(a // b * b + a % b == a)
print(a // b, a % b)
i = -10
while i <= 10:
    print(i, i // 3, i % 3, i // -3, i % -3)
    i += 5
