# error: 4 tab in indentation
x = 1
if x:
	print(x)
