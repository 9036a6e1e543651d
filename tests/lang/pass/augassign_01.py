# augmented assignment on names, all operators
x = 10
x += 5
print(x)
x -= 3
print(x)
x *= 2
print(x)
x //= 5
print(x)
x %= 3
print(x)
x = 2
x **= 10
print(x)
x /= 4
print(int(x))
x = 5
x /= 2
print(x)
y = 12
y &= 10
print(y)
y |= 5
print(y)
y ^= 3
print(y)
y <<= 4
print(y)
y >>= 2
print(y)
s = 'ab'
s += 'c'
s *= 2
print(s)
t = (1,)
t += (2,)
print(t)
n = -7
n //= 2
print(n)
n = -7
n %= 3
print(n)
