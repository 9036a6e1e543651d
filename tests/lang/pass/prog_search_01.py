# binary search
def bsearch(l, v):
    lo = 0
    hi = len(l) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if l[mid] == v:
            return mid
        elif l[mid] < v:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1
l = []
for i in range(0, 100, 3):
    l += [i]
for v in [0, 3, 4, 51, 99, 100, -1]:
    print(v, bsearch(l, v))
print(bsearch([], 1))
