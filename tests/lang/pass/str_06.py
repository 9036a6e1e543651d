# ord, chr, str, len
print(ord('a'), ord('A'), ord('0'), ord(' '))
print(chr(65), chr(97), chr(48))
print(chr(ord('a') + 1))
print(str(42), str(-7), str(0.5))
print(str('x'), str(None), str(True), str(False))
print(str([1, 'a']), str((1, 2)))
print(len(str(12345)))
print(str(1) + str(2))
def caesar(s, k):
    r = ''
    for c in s:
        o = ord(c)
        if ord('a') <= o <= ord('z'):
            o = (o - ord('a') + k) % 26 + ord('a')
        r = r + chr(o)
    return r
e = caesar('hello world', 3)
print(e)
print(caesar(e, -3))
s = ''
for i in range(65, 91):
    s = s + chr(i)
print(s)
print(str(2.25), str(-0.5))
