# error: 5 bad indentation
x = 1
if x:
        y = 2
    z = 3
