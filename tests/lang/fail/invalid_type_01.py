# error: 3 invalid type: None
x = None
x()
