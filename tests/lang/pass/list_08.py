# list algorithms: sort, reverse, max, sum with helper functions
def bubble(l):
    n = len(l)
    for i in range(n):
        for j in range(n - 1 - i):
            if l[j] > l[j + 1]:
                t = l[j]
                l[j] = l[j + 1]
                l[j + 1] = t
    return l

def my_max(l):
    m = l[0]
    for x in l:
        if x > m:
            m = x
    return m

def my_sum(l):
    s = 0
    for x in l:
        s += x
    return s

def rev(l):
    r = []
    i = len(l) - 1
    while i >= 0:
        r += [l[i]]
        i -= 1
    return r

data = [5, -2, 9, 0, 3, 3, -7]
print(my_max(data), my_sum(data))
print(rev(data))
s = bubble(data[:])
print(s)
print(data)
print(bubble([]), bubble([1]))
print(bubble(['b', 'a', 'c']))
print(bubble([[2], [1, 5], [1]]))
