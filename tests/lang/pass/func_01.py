# positional parameters, defaults, named arguments
def f(a, b, c):
    return a * 100 + b * 10 + c
print(f(1, 2, 3))
print(f(c=3, a=1, b=2))
print(f(1, c=3, b=2))
def g(a, b=5, c=7):
    print(a, b, c)
g(1)
g(1, 2)
g(1, 2, 3)
g(1, c=9)
g(c=0, a=4)
g(b=1, a=2)
def h(x=[]):
    return len(x)
print(h(), h([1, 2]))
def k(name, greeting='hello', punct='!'):
    return greeting + ', ' + name + punct
print(k('bob'))
print(k('amy', punct='?'))
print(k(punct='.', name='z', greeting='hi'))
