# nested lists as matrices
def make(r, c):
    m = []
    for i in range(r):
        row = []
        for j in range(c):
            row += [i * c + j]
        m += [row]
    return m

def transpose(m):
    t = []
    for j in range(len(m[0])):
        row = []
        for i in range(len(m)):
            row += [m[i][j]]
        t += [row]
    return t

def mul(a, b):
    res = []
    for i in range(len(a)):
        row = []
        for j in range(len(b[0])):
            s = 0
            for k in range(len(b)):
                s += a[i][k] * b[k][j]
            row += [s]
        res += [row]
    return res

m = make(2, 3)
print(m)
t = transpose(m)
print(t)
print(mul(m, t))
print(mul(t, m))
for row in mul(t, m):
    print(row)
