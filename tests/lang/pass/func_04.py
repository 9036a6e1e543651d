# global statement and local scope
counter = 0
def inc():
    global counter
    counter += 1
    return counter
inc()
inc()
print(counter, inc())
x = 'global'
def shadow():
    x = 'local'
    return x
print(shadow(), x)
def reader():
    return x
print(reader())
def setter(v):
    global x
    x = v
setter('changed')
print(x)
def make():
    global created
    created = 42
make()
print(created)
def multi():
    global a, b
    a = 1
    b = 2
multi()
print(a, b)
def param(x):
    x = x + 1
    return x
print(param(5), x)
