# error: 5 invalid type: None
def nothing():
    pass
def caller(f):
    return f()
print(caller(nothing))
print(caller(None))
