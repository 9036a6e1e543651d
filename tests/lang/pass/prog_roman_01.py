# roman numerals both ways
vals = [1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1]
syms = ['M', 'CM', 'D', 'CD', 'C', 'XC', 'L', 'XL', 'X', 'IX', 'V', 'IV', 'I']
def to_roman(n):
    r = ''
    i = 0
    while n > 0:
        while n >= vals[i]:
            r += syms[i]
            n -= vals[i]
        i += 1
    return r
value = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
def from_roman(s):
    total = 0
    for i in range(len(s)):
        v = value[s[i]]
        if i + 1 < len(s) and value[s[i + 1]] > v:
            total -= v
        else:
            total += v
    return total
for n in [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999]:
    r = to_roman(n)
    print(n, r, from_roman(r))
