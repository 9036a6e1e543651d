# bit counting and masks with helper functions
def popcount(n):
    c = 0
    while n:
        c += n & 1
        n = n >> 1
    return c

def bits(n, width):
    s = ''
    i = width - 1
    while i >= 0:
        if n & (1 << i):
            s = s + '1'
        else:
            s = s + '0'
        i -= 1
    return s

for v in [0, 1, 2, 3, 7, 8, 255, 1023, 4096]:
    print(v, popcount(v), bits(v, 12))
print(bits(~0 & 255, 8))
print(bits(170 ^ 255, 8))
print(bits(-1 & 4095, 12))
m = 0
for i in range(0, 16, 3):
    m = m | (1 << i)
print(m, bits(m, 16))
