# error: 3 key not found: (1, 2)
d = {(1, 3): 0}
d[(1, 2)] += 1
