# one-line suites and semicolons
x = 3
if x > 2: print('gt')
if x < 2: print('lt')
else: print('not lt')
if x == 1: print('1')
elif x == 3: print('3'); print('also')
else: print('else')
a = 1; b = 2; c = a + b
print(a, b, c)
print('trailing');
d = 4;
print(d);
i = 0
while i < 3: i += 1
print(i)
for j in range(2): print('j', j)
def f(v): return v * 2
print(f(21))
if True: pass
while False: pass
print('end')
