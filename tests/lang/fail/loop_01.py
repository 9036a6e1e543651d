# error: 3 not in loop
x = 1
break
