# error: 4 not in loop
def f():
    if 1:
        continue
f()
