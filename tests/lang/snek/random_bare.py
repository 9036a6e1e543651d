# random without import, values in range
seed(7)
ok = True
for i in range(100):
    r = randrange(6)
    if r < 0 or r > 5 or r != int(r):
        ok = False
    f = random()
    if f < 0 or f >= 1:
        ok = False
print(ok)
