# insertion, selection and quick sort
def insertion(l):
    for i in range(1, len(l)):
        v = l[i]
        j = i - 1
        while j >= 0 and l[j] > v:
            l[j + 1] = l[j]
            j -= 1
        l[j + 1] = v
    return l

def selection(l):
    for i in range(len(l)):
        m = i
        for j in range(i + 1, len(l)):
            if l[j] < l[m]:
                m = j
        t = l[i]
        l[i] = l[m]
        l[m] = t
    return l

def quick(l):
    if len(l) <= 1:
        return l
    pivot = l[0]
    lo = []
    hi = []
    for x in l[1:]:
        if x < pivot:
            lo += [x]
        else:
            hi += [x]
    return quick(lo) + [pivot] + quick(hi)

data = [33, 7, -4, 18, 7, 0, 99, -40, 2]
print(insertion(data[:]))
print(selection(data[:]))
print(quick(data))
print(data)
print(quick(['pear', 'fig', 'apple']))
print(quick([(2, 'b'), (1, 'z'), (2, 'a')]))
print(insertion([]), selection([5]), quick([2, 1]))
