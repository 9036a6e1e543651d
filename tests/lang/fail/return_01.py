# error: 3 return outside function
x = 1
return x
