# true division producing exact fractions; avoid float-with-.0 output
print(1 / 2)
print(3 / 4)
print(-1 / 8)
print(7 / 4)
print(9 / 2)
print(1 / 4 + 1 / 4)
print(6 / 4 * 2 == 3)
print(int(6 / 2))
print(int(7 / 2))
print(int(-7 / 2))
print(2.5 + 2.5 == 5)
print(0.5 * 3)
print(0.25 - 1)
print(1.75 * 2 - 1)
x = 10
x = x / 4
print(x)
print(3.5 * 1)
