# string reversal, palindromes, counting
def reverse(s):
    return s[::-1]
def is_pal(s):
    return s == reverse(s)
for w in ['racecar', 'abba', 'abc', '', 'a', 'ab']:
    print('%r' % w, is_pal(w))
def count(s, ch):
    n = 0
    for c in s:
        if c == ch:
            n += 1
    return n
print(count('mississippi', 's'), count('mississippi', 'i'), count('', 'a'))
s = 'The quick brown fox'
v = 0
for c in s:
    if c in 'aeiouAEIOU':
        v += 1
print(v)
print(s[4:9][::-1])
