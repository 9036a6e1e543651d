# The VM's operators read their operands on the value stack: results
# must survive the collector moving them mid-operation.
l = [1, 2]
l += "ab"
print(l)
l *= 2
print(l)
print(3 * ["x", "y"], ("a",) * 2, 2 * "ab")
s = "hello"
print(s[::-1], s[1:4], s[-2], s[::2])
r = []
for c in s:
    r += [c + c]
print(r)
d = {}
for i in range(6):
    k = "k" + str(i)
    d[k] = [i] * 2
    d[k] += [i]
print(d["k3"], d["k5"], len(d))
del d["k0"]
print("k0" in d, "k1" in d, "k0" not in d)
t = ([1], "a", (2, 3))
print(t[0] + [4], t[1] * 3, t[2][1:])
print(1 < 2 < 3, "a" < "b" < "ab", [1] < [1, 0] <= [2])
x = [0, 1, 2]
x[1] += 10
x[2] *= 3
print(x, -x[1], not x[0], ~x[2])
print("%s-%d" % ("a", 7), 7 // 2, -7 % 3, 6 ^ 3, 6 & 3, 6 | 3, 1 << 4, 64 >> 2)
