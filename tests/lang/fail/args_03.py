# error: 5 bad arg "z"
def f(a, b=2):
    return a + b
print(f(b=1, a=2))
print(f(1, z=3))
