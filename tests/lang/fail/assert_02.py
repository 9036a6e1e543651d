# error: 3 AssertionError
def check(v):
    assert v > 0
    return v
print(check(1))
check(-1)
