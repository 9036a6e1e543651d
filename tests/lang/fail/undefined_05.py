# error: 4 undefined: missing
def f(x):
    y = x + 1
    return y + missing
def g():
    return f(1)
print('start')
print(g())
