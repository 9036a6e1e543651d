# pass statement in all block kinds
def empty():
    pass
if True:
    pass
else:
    pass
while False:
    pass
for i in range(3):
    pass
print(i)
print(empty())
if 1:
    pass
    print('after pass')
for c in 'ab':
    if c == 'a':
        pass
    else:
        print(c)
