# error: 3 stack overflow|out of memory
def f(n):
    return f(n + 1)
f(0)
