# random: assert properties only, never print values
import random
random.seed(1234)
for i in range(200):
    r = random.random()
    assert 0 <= r < 1
ok = True
seen = {}
for i in range(500):
    n = random.randrange(10)
    if n < 0 or n >= 10 or n != int(n):
        ok = False
    seen[n] = 1
print(ok)
print(len(seen) == 10)
random.seed(7)
a = []
for i in range(5):
    a += [random.randrange(1000)]
random.seed(7)
b = []
for i in range(5):
    b += [random.randrange(1000)]
print(a == b)
print(random.randrange(1) == 0)
