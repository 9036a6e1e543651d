# collatz sequence lengths
def steps(n):
    c = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        c += 1
    return c
best = 0
best_n = 0
for n in range(1, 200):
    s = steps(n)
    if s > best:
        best = s
        best_n = n
print(best_n, best)
print(steps(27))
