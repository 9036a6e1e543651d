# Snek programs use math names without importing them.
print(sqrt(16), floor(2.5), ceil(2.5))
print(math.sqrt(9), pi > 3.14, math.pi < 3.15)
print(round(2.5), round(3.5), round(-0.5))
x = 10
while x > 0:
    x = x - 3
print(x)
