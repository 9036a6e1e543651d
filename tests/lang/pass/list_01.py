# list literals, indexing, negative indexing, len
l = [10, 20, 30, 40]
print(l)
print(l[0], l[3], l[-1], l[-4])
print(len(l), len([]), len([[]]))
print([])
print([1])
print([1, 'two', 3.5, None, True, [4]])
print([1, 2, 3,])
e = []
print(e == [], len(e))
l[1] = 21
l[-1] = 41
print(l)
n = [[1, 2], [3, 4], [5, [6, 7]]]
print(n[0][1], n[2][1][0], n[-1][-1][-1])
n[1][0] = 33
print(n)
print(len(n[2]))
x = [0, 0, 0]
i = 0
while i < 3:
    x[i] = i * i
    i += 1
print(x)
