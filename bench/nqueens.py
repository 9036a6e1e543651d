# N-queens: count all solutions by backtracking with column and diagonal
# occupancy lists.
#
# Quick size: 6
# Size (first line of stdin, empty for default): board size.

s = input()
n = 12
if s != '':
    n = int(s)


def solve(row, size, cols, d1, d2):
    if row == size:
        return 1
    count = 0
    for c in range(size):
        if not cols[c] and not d1[row + c] and not d2[row - c + size - 1]:
            cols[c] = True
            d1[row + c] = True
            d2[row - c + size - 1] = True
            count += solve(row + 1, size, cols, d1, d2)
            cols[c] = False
            d1[row + c] = False
            d2[row - c + size - 1] = False
    return count


def queens(size):
    return solve(0, size, [False] * size, [False] * (2 * size), [False] * (2 * size))


for k in range(4, n + 1):
    print(k, queens(k))
