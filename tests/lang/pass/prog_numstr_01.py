# number to string in various bases, digit sums
digits = '0123456789abcdefghijklmnopqrstuvwxyz'
def to_base(n, b):
    if n == 0:
        return '0'
    neg = n < 0
    if neg:
        n = -n
    s = ''
    while n > 0:
        s = digits[n % b] + s
        n = n // b
    if neg:
        s = '-' + s
    return s
def from_base(s, b):
    v = 0
    for c in s:
        i = 0
        while digits[i] != c:
            i += 1
        v = v * b + i
    return v
for n in [0, 5, 255, -42, 1000, 65535]:
    print(n, to_base(n, 2), to_base(n, 8), to_base(n, 16), to_base(n, 36))
print(from_base('ff', 16), from_base('777', 8), from_base('zz', 36))
def digit_sum(n):
    s = 0
    while n:
        s += n % 10
        n //= 10
    return s
print(digit_sum(987654), digit_sum(0))
