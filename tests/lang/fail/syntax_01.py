# error: 3 Syntax error
def outer():
    def inner():
        return 1
    return inner()
