# error: 4 undefined: nope
a = 1
del a
del nope
