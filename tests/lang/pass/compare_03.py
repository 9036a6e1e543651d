# chains evaluate middle operand once and short-circuit
count = 0
def mid():
    global count
    count += 1
    return 5
print(1 < mid() < 10)
print(count)
print(10 < mid() < 20)
print(count)
def noisy(v):
    print('eval', v)
    return v
print(noisy(3) < noisy(2) < noisy(1))
print(noisy(1) < noisy(2) < noisy(3))
