# counting words with a dict; position of updated/reinserted keys
def count(words):
    c = {}
    for w in words:
        if w in c:
            c[w] += 1
        else:
            c[w] = 1
    return c

c = count(['b', 'a', 'b', 'c', 'a', 'b'])
print(c)
c['a'] = 0
print(c)
del c['b']
c['b'] = 9
print(c)
del c['a']
del c['c']
print(c)
del c['b']
print(c, len(c))
c['new'] = 1
print(c)
letters = {}
for ch in 'hello world':
    if ch != ' ':
        if ch in letters:
            letters[ch] += 1
        else:
            letters[ch] = 1
print(letters)
