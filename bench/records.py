# Records: a table of students as tuples in a list, grouped into a dict of
# lists, looked up by tuple keys, filtered with `in` and formatted with %.
#
# Quick size: 200
# Size (first line of stdin, empty for default): number of records.

s = input()
n = 60000
if s != '':
    n = int(s)

names = ['ada', 'ben', 'cy', 'dot', 'eve', 'fay', 'gus', 'hal']
rooms = ['red', 'blue', 'green']
table = []
x = 3
for i in range(n):
    x = (x * 75 + 74) % 65537
    table += [(names[x % 8] + str(i % 50), rooms[x % 3], x % 100, i)]

by_room = {}
for rec in table:
    room = rec[1]
    if room in by_room:
        by_room[room] += [rec]
    else:
        by_room[room] = [rec]

pairs = {}
for rec in table:
    key = (rec[1], rec[2] // 10)
    if key in pairs:
        pairs[key] = pairs[key] + 1
    else:
        pairs[key] = 1

good = []
for rec in table:
    if rec[2] >= 90 and rec[1] in ('red', 'green'):
        good += [rec[0]]

out = ''
for room in rooms:
    recs = by_room[room]
    best = recs[0]
    for r in recs:
        if r[2] > best[2] or (r[2] == best[2] and r[0] < best[0]):
            best = r
    out = out + '%-6s %5d %-6s %3d\n' % (room, len(recs), best[0], best[2])
print(out, end='')
print(len(good), len(pairs), pairs[('blue', 5)], good[:3])
