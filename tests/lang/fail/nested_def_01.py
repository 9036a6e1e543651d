# error: 3 Syntax error at "def".
def f():
    def g():
        return 1
    return g
