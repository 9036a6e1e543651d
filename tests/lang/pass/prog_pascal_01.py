# pascal's triangle
row = [1]
for n in range(10):
    print(row)
    nxt = [1]
    for i in range(len(row) - 1):
        nxt += [row[i] + row[i + 1]]
    nxt += [1]
    row = nxt
s = 0
for v in row:
    s += v
print(s, 2 ** 10)
