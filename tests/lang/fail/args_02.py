# error: 6 bad args
def f(a, b=2):
    return a + b
print(f(1))
print(f(1, 3))
print(f(1, 2, 3))
