# string helpers written without methods
def upper(s):
    r = ''
    for c in s:
        if 'a' <= c <= 'z':
            c = chr(ord(c) - 32)
        r = r + c
    return r

def find(s, sub):
    i = 0
    while i + len(sub) <= len(s):
        if s[i:i + len(sub)] == sub:
            return i
        i += 1
    return -1

def split(s, sep):
    out = []
    cur = ''
    for c in s:
        if c == sep:
            out += [cur]
            cur = ''
        else:
            cur += c
    out += [cur]
    return out

def join(sep, l):
    r = ''
    first = True
    for x in l:
        if not first:
            r += sep
        r += x
        first = False
    return r

print(upper('Hello, World!'))
print(find('banana', 'nan'), find('banana', 'x'), find('abc', ''))
p = split('a,b,,c', ',')
print(p, len(p))
print(join('-', p))
print(join('', ['x', 'y', 'z']))
print(split('', ','))
