# in / not in on lists, is on lists
l = [1, 'a', [2, 3], None]
print(1 in l, 'a' in l, 'b' in l)
print([2, 3] in l, [2] in l)
print(None in l)
print(5 not in l)
a = [1]
b = [1]
c = a
print(a is b, a is c, a == b)
print(a is not b)
def contains(l, v):
    for x in l:
        if x == v:
            return True
    return False
print(contains(l, [2, 3]), contains([], 1))
print(2 in [1, 2, 3] and 4 not in [1, 2, 3])
