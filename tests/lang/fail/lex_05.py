# error: 3 Syntax error at "$".
x = 1
y = x $ 2
