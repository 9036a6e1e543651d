# Words: make a text from a small vocabulary, split it into words one
# character at a time, count them in a dict, and find the most frequent by
# scanning; strings built, compared and used as keys.
#
# Quick size: 200
# Size (first line of stdin, empty for default): number of sentences.

s = input()
n = 30000
if s != '':
    n = int(s)

vocab = ['the', 'robot', 'turns', 'left', 'and', 'then', 'right', 'motor',
         'sensor', 'reads', 'a', 'light', 'value', 'stops', 'when', 'it',
         'sees', 'black', 'line', 'fast', 'slow', 'wheel', 'speed', 'of']
x = 1
text = ''
counts = {}
total = 0
for i in range(n):
    line = ''
    for j in range(8):
        x = (x * 75 + 74) % 65537
        line = line + vocab[x % len(vocab)] + ' '
    line = line + '.'
    word = ''
    for ch in line:
        if ch == ' ' or ch == '.':
            if word != '':
                if word in counts:
                    counts[word] += 1
                else:
                    counts[word] = 1
                total += 1
            word = ''
        else:
            word = word + ch
best = ''
most = 0
for w in counts:
    if counts[w] > most or (counts[w] == most and w < best):
        best = w
        most = counts[w]
longest = ''
for w in counts:
    if len(w) > len(longest) or (len(w) == len(longest) and w > longest):
        longest = w
print(total, len(counts), best, most, longest)
