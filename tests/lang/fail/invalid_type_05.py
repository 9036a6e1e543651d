# error: 5 invalid type: [1]
d = {}
d[(1,)] = 'tuple ok'
print(d)
d[[1]] = 'list not ok'
