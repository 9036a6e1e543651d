# error: 3 Syntax error
x = 1
f = lambda y: y + 1
