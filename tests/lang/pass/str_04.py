# in, not in, comparison on strings
print('a' in 'abc')
print('bc' in 'abc')
print('ac' in 'abc')
print('' in 'abc')
print('' in '')
print('abc' in 'abc')
print('abcd' in 'abc')
print('z' not in 'abc')
print('b' not in 'abc')
print('apple' < 'banana')
print('apple' < 'app')
print('app' < 'apple')
print('A' < 'a')
print('abc' == 'abc', 'abc' != 'abd')
print('abc' <= 'abc', 'abc' >= 'abd')
print('10' < '9')
words = ['pear', 'apple', 'fig', 'banana', 'cherry']
def sort(l):
    n = len(l)
    i = 0
    while i < n:
        j = 0
        while j < n - 1 - i:
            if l[j] > l[j + 1]:
                t = l[j]
                l[j] = l[j + 1]
                l[j + 1] = t
            j += 1
        i += 1
sort(words)
print(words)
