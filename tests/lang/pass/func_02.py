# return values: none, bare return, falling off the end
def nothing():
    pass
def bare():
    return
def maybe(x):
    if x:
        return 'yes'
def early(x):
    if x > 0:
        return 'pos'
    print('not positive')
print(nothing())
print(bare())
print(maybe(1))
print(maybe(0))
print(early(5))
print(early(-5))
r = maybe(0)
print(r is None, r == None)
def loop_ret(l):
    for x in l:
        if x < 0:
            return x
    return
print(loop_ret([1, -2, 3]), loop_ret([1]))
def mid(x):
    while True:
        if x > 10:
            return x
        x *= 2
print(mid(3))
