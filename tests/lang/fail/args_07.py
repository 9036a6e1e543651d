# error: 6 bad arg "b"
def f(a):
    b = a
    return b
print(f(a=1))
print(f(a=1, b=2))
