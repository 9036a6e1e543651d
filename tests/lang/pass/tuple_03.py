# returning tuples without parentheses
def divmod2(a, b):
    return a // b, a % b

def minmax(l):
    lo = l[0]
    hi = l[0]
    for x in l:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
    return lo, hi

r = divmod2(17, 5)
print(r, r[0], r[1])
print(divmod2(-17, 5))
m = minmax([4, -1, 9, 3])
print(m)
print(minmax(['b', 'a', 'c']))
for pair in [(1, 'one'), (2, 'two')]:
    print(pair[0], pair[1])
t = 'a', 'b', 'c'
for x in t:
    print(x, end=' ')
print()
