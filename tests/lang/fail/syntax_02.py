# error: 3 Syntax error
x = 1
class Foo:
    pass
