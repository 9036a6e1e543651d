# x[i] = v: v first, then x, then i (x[i] += v: x, i, then v)
def s(label, value):
    print(label, end=' ')
    return value

x = [0, 0, 0]
s('x', x)[s('i', 1)] = s('v', 5)
print(x)
d = {}
s('d', d)[s('k', x[1] and 'a' or 'b')] = s('v', x[0] and 1 or 2)
print(d)
s('x', x)[s('i', 2)] += s('v', 3)
print(x)
m = [[0, 0], [0, 0]]
s('m', m)[s('r', 1)][s('c', 0)] = s('v', 7)
print(m)
s('x', x)[s('i',
  0)] = (s('v',
  4))
print(x)

def f(a):
    t = [1, 2, 3]
    s('t', t)[s('j', a < 1 < 2 and 0 or 1)] = s('w', 0 < a < 5 or 9)
    return t

print(f(3))
print(f(0))
