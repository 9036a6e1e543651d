# Strings: building, slicing, comparison, `in`, concatenation, str() and
# int() round trips, character codes.
#
# Quick size: 20
# Size (first line of stdin, empty for default): number of rounds.

s = input()
n = 8000
if s != '':
    n = int(s)

M = 1000003


def reverse(t):
    r = ''
    i = len(t) - 1
    while i >= 0:
        r = r + t[i]
        i -= 1
    return r


def count_sub(t, p):
    c = 0
    lp = len(p)
    for i in range(len(t) - lp + 1):
        if t[i:i + lp] == p:
            c += 1
    return c


def caesar(t, k):
    r = ''
    for ch in t:
        o = ord(ch)
        if o >= 97 and o <= 122:
            r = r + chr((o - 97 + k) % 26 + 97)
        else:
            r = r + ch
    return r


h = 0
less = 0
found = 0
for rnd in range(n):
    t = ''
    for i in range(40):
        t = t + str((i * 7 + rnd) % 100) + ','
    r = reverse(t)
    if r < t:
        less += 1
    if str(rnd % 50) + ',' in t:
        found += 1
    if 'zz' in t:
        found += 1000
    c = count_sub(t, '1')
    u = caesar('the quick brown fox ' + str(rnd), rnd % 26)
    back = caesar(u, 26 - rnd % 26)
    if back == 'the quick brown fox ' + str(rnd):
        h = (h + 1) % M
    num = int(t[0:1]) + int(str(rnd) + '7')
    h = (h * 11 + c + len(t) + num + ord(u[0])) % M
    mid = t[10:30]
    if mid == t[10:30] and mid != t[11:31]:
        h = (h + len(mid)) % M
print(less, found, h)

# Padding and formatting.
w = ''
for i in range(n):
    w = '%5d|%-4s|%03d' % (i, str(i % 7), i % 1000)
    if i == n - 1:
        print(w)
print(len(w), w[-3:], w[:5] == '%5d' % (n - 1))
