# strings in containers, string building and comparisons in loops
names = ['delta', 'Alpha', 'charlie', 'bravo']
longest = ''
for n in names:
    if len(n) > len(longest):
        longest = n
print(longest)
first = names[0]
for n in names:
    if n < first:
        first = n
print(first)
line = ''
for n in names:
    line += n[0]
print(line)
print(names[1][0] + names[2][-1])
acc = ''
for i in range(5):
    acc = acc + '*' * i + '\n'
print(acc, end='')
print('abc' * 2 == 'abcabc', 'a' * 3 < 'b')
print('%s has %d chars' % (longest, len(longest)))
