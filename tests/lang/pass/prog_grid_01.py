# tuple-keyed grid, flood fill
rows = ['#######',
        '#..#..#',
        '#..#..#',
        '####..#',
        '#.....#',
        '#######']
grid = {}
for r in range(len(rows)):
    for c in range(len(rows[r])):
        grid[(r, c)] = rows[r][c]
def fill(start):
    todo = [start]
    seen = {}
    while len(todo) > 0:
        p = todo[-1]
        del todo[-1]
        if p in seen or grid[p] == '#':
            continue
        seen[p] = True
        for d in [(0, 1), (1, 0), (0, -1), (-1, 0)]:
            todo += [(p[0] + d[0], p[1] + d[1])]
    return len(seen)
print(fill((1, 1)))
print(fill((1, 4)))
print(grid[(3, 4)], grid[0, 0])
