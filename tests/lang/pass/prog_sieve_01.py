# sieve of Eratosthenes
def sieve(n):
    is_p = [True] * (n + 1)
    is_p[0] = False
    is_p[1] = False
    i = 2
    while i * i <= n:
        if is_p[i]:
            for j in range(i * i, n + 1, i):
                is_p[j] = False
        i += 1
    out = []
    for k in range(n + 1):
        if is_p[k]:
            out += [k]
    return out
p = sieve(100)
print(p)
print(len(p))
print(len(sieve(1000)))
