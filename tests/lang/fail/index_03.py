# error: 4 index out of range: 2
t = (1, 2)
def get(t, i):
    return t[i]
print(get(t, 1))
print(get(t, 2))
