# slicing with negative steps and out-of-range bounds
s = 'abcdef'
l = [0, 1, 2, 3, 4, 5]
t = (0, 1, 2, 3, 4, 5)
print(s[::-1], l[::-1], t[::-1])
print(s[-2::-2], l[-2::-2], t[-2::-2])
print(s[10:0:-1], l[10:0:-1])
print(s[:-10:-1], l[:2:-1])
print(s[-1:-3], l[-1:-3])
print(s[4:1:-1], t[4:1:-1])
print(s[1:5:2], t[1:5:2])
print(s[5:0:-2], l[0:6:5])
print(s[-4:-1], t[-4:-1])
print(l[1:-1], s[1:-1])
i = 2
print(s[i:i + 2], l[i - 1:i + 1])
