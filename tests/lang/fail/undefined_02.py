# error: 5 undefined: foo
def bar():
    return 1
print(bar())
foo()
