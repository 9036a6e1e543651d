# error: 4 type mismatch
d = {1: 2}
e = {3: 4}
f = d + e
