# error: 3 Syntax error
x = 1
a = b = 1
