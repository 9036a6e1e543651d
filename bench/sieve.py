# Sieve of Eratosthenes on a list of flags, repeated.
#
# Quick size: 5000
# Size (first line of stdin, empty for default): sieve limit.

s = input()
n = 500000
if s != '':
    n = int(s)


def sieve(limit):
    flags = [True] * (limit + 1)
    flags[0] = False
    flags[1] = False
    i = 2
    while i * i <= limit:
        if flags[i]:
            j = i * i
            while j <= limit:
                flags[j] = False
                j += i
        i += 1
    return flags


h = 0
for rep in range(4):
    f = sieve(n - rep * 1000)
    count = 0
    last = 0
    for k in range(len(f)):
        if f[k]:
            count += 1
            last = k
    h = (h * 7 + count + last) % 1000003
    print(count, last)
print(h)
