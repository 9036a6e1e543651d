# error: 3 Syntax error
a = 1
b = 2 if a else 3
