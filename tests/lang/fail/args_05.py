# error: 5 bad args
def none():
    return 0
print(none())
none(1)
