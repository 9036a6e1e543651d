# short-circuit evaluation
def t(v):
    print('t', v)
    return v
print(t(0) and t(1))
print(t(1) and t(2))
print(t(1) or t(2))
print(t(0) or t(3))
print(t(0) or t(0) or t(4))
print(t(1) and t(0) and t(5))
if t(0) and t(9):
    print('no')
else:
    print('else')
while t(0) or t(0):
    print('never')
print('end')
