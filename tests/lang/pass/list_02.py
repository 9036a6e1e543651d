# list slicing
l = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
print(l[2:5])
print(l[:3], l[7:])
print(l[-3:], l[:-7])
print(l[::3])
print(l[::-1])
print(l[7:2:-2])
print(l[5:1])
print(l[100:], l[-100:2])
c = l[:]
c[0] = 99
print(l[0], c[0])
print(c is l, c == l)
s = l[1:4]
s[0] = 'x'
print(s, l[1])
print([[1, 2], [3]][0][::-1])
print(l[1:9:3])
print(l[-1:-4:-1])
