# error: 3 Syntax error
n = 3
r = range(n)
