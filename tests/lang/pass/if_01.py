# if / elif / else
def classify(n):
    if n < 0:
        return 'negative'
    elif n == 0:
        return 'zero'
    elif n < 10:
        return 'small'
    else:
        return 'large'
for v in [-5, 0, 3, 10, 99]:
    print(v, classify(v))
x = 7
if x > 5:
    print('big')
if x > 100:
    print('huge')
else:
    print('not huge')
if x == 1:
    print('one')
elif x == 7:
    print('seven')
if x:
    if x > 3:
        if x % 2:
            print('odd over 3')
        else:
            print('even over 3')
if 0:
    print('a')
elif '':
    print('b')
elif []:
    print('c')
else:
    print('all falsy')
