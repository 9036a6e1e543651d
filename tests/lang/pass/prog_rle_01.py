# run-length encoding and decoding
def encode(s):
    out = []
    i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out += [(s[i], j - i)]
        i = j
    return out
def decode(pairs):
    s = ''
    for p in pairs:
        s += p[0] * p[1]
    return s
e = encode('aaabccddddde')
print(e)
print(decode(e))
print(encode(''), decode([]))
print(decode(encode('xyz')) == 'xyz')
