# truthiness of values in if
def check(v):
    if v:
        print('true ', end='')
    else:
        print('false', end='')
    print(' for', v)
def f():
    return 1
check(0)
check(1)
check(-1)
check(0.5)
check('')
check(' ')
check([])
check([[]])
check(())
check((0,))
check({})
check({0: 0})
check(None)
check(True)
check(False)
if f:
    print('functions are truthy')
if not f:
    print('wrong')
