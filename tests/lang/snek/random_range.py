# randrange: uniform over small and large ranges, seed() repeats a sequence
seed(3)
counts = [0, 0, 0]
for i in range(600):
    counts[randrange(3)] += 1
print(counts[0] > 150, counts[1] > 150, counts[2] > 150)
low = 0
for i in range(400):
    r = randrange(100000000)
    if r < 0 or r >= 100000000 or r != int(r):
        low = -1000
    if r < 50000000:
        low += 1
print(low > 150, low < 250)
print(randrange(1), randrange(1))
seed(0)
a = random()
seed(0.0)
print(a == random(), 0 <= a < 1)
seed(-1)
b = randrange(1000)
seed(-1)
print(b == randrange(1000))
