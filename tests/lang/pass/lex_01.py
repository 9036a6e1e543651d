# the lexer: every operator, augmented assignments, escapes, numbers,
# line continuations and brackets spanning lines
a = 5
b = 3
print(a + b, a - b, a * b, a // b, a % b, a ** b, a << b, a >> b)
print(a | b, a ^ b, a & b, ~a, -a, a < b, a <= b, a > b, a >= b, a == b, a != b)
x = 1
x += 2; x -= 1; x *= 3; x //= 2; x %= 5; x **= 2
x <<= 2; x >>= 1; x |= 8; x ^= 3; x &= 7
print(x)
l = [1]
l += [2]
l *= 2
print(l)
print('a\tb', "c\\d", 'e\'f', "g\"h", '\x41\x7a\x7A', len('\n\r'), 'i\
j')
print(1_000, .5, int(1e3), int(2E2), int(2.5e+1), int(5e-1 * 4))
y = 1 + \
    2
z = (1 +

     2)
print(y, z, [1,
  2], {1:
  2})
