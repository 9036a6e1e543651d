# error: 3 Syntax error
x = 1
try:
    x = 2
except:
    x = 3
