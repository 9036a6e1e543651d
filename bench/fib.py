# Recursion: naive Fibonacci plus a second recursive function (Ackermann-like
# call pattern kept shallow) to stress calls and returns.
#
# Quick size: 15
# Size (first line of stdin, empty for default): n for fib(n).

s = input()
n = 32
if s != '':
    n = int(s)


def fib(k):
    if k < 2:
        return k
    return fib(k - 1) + fib(k - 2)


def tak(x, y, z):
    if y < x:
        return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))
    return z


print(fib(n))
print(fib(n - 5) + fib(n - 6))
t = 0
for i in range(n // 9):
    t += tak(12 + i % 3, 8, 4)
print(t)
