# list containing None must be iterated fully
for x in [1, None, 2]:
    print(x)
l = [None, None]
n = 0
for v in l:
    n += 1
print(n)
for v in [None]:
    print('got', v)
for v in [0, '', [], None, False]:
    print(v)
print('done')
