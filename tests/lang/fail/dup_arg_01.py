# error: 3 duplicate argument: a
x = 1
def f(a, a):
    return a
