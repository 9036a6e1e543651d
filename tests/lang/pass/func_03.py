# recursion
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)
def hanoi(n, a, b, c):
    if n == 0:
        return 0
    m = hanoi(n - 1, a, c, b)
    return m + 1 + hanoi(n - 1, c, b, a)
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)
print(fact(0), fact(5), fact(10))
for i in range(12):
    print(fib(i), end=' ')
print()
print(gcd(48, 18), gcd(17, 5), gcd(0, 9))
print(hanoi(10, 'a', 'b', 'c'))
print(depth(150))
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)
print(is_even(10), is_odd(7), is_even(3))
