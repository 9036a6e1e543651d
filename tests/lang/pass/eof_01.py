def f(n):
    return n + 1
print(f(1))
print('no trailing newline')