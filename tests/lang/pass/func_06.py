# arguments are evaluated left to right; functions with side effects
log = []
def note(v):
    global log
    log += [v]
    return v
def three(a, b, c):
    return a + b + c
print(three(note(1), note(2), note(3)))
print(log)
def swap(l, i, j):
    t = l[i]
    l[i] = l[j]
    l[j] = t
l = [1, 2, 3]
swap(l, 0, 2)
print(l)
def noargs():
    return 'none needed'
print(noargs())
def many(a, b, c, d, e, f):
    return a - b + c - d + e - f
print(many(6, 5, 4, 3, 2, 1))
print(many(f=1, e=2, d=3, c=4, b=5, a=6))
