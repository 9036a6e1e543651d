# Lists: build lists element by element and sort them by hand with an
# insertion sort and a top-down merge sort; check the results agree.
#
# Quick size: 300
# Size (first line of stdin, empty for default): number of elements.

s = input()
n = 60000
if s != '':
    n = int(s)

seed = 12345


def lcg():
    global seed
    seed = (seed * 75 + 74) % 65537
    return seed


def insertion_sort(a):
    i = 1
    while i < len(a):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v
        i += 1


def merge(left, right):
    out = []
    i = 0
    j = 0
    nl = len(left)
    nr = len(right)
    while i < nl and j < nr:
        if left[i] <= right[j]:
            out += [left[i]]
            i += 1
        else:
            out += [right[j]]
            j += 1
    return out + left[i:] + right[j:]


def merge_sort(a):
    if len(a) <= 1:
        return a
    mid = len(a) // 2
    return merge(merge_sort(a[:mid]), merge_sort(a[mid:]))


def checksum(a):
    h = 0
    for v in a:
        h = (h * 7 + v) % 1000003
    return h


data = []
for i in range(n):
    data += [lcg()]

small = data[:n // 20]
insertion_sort(small)
print(len(small), small[0], small[-1], checksum(small))

big = merge_sort(data)
print(len(big), big[0], big[-1], checksum(big))

ok = 1
for i in range(1, len(big)):
    if big[i - 1] > big[i]:
        ok = 0
print(ok)

ref = merge_sort(small)
same = 1
for i in range(len(ref)):
    if ref[i] != small[i]:
        same = 0
print(same)
