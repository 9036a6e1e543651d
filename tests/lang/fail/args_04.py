# error: 4 bad arg "a"
def f(a, b=2):
    return a + b
print(f(a=1, a=2))
