# error: 3 Syntax error
x = 1
y = (1 + )
