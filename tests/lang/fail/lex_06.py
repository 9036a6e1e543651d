# error: 2 Syntax error at "1e".
x = 1else
