# error: 3 invalid type: 'abc'
s = 'abc'
s()
