# error: 3 Syntax error
l = [1, 2]
s = [x for x in l]
