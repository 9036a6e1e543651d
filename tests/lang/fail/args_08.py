# error: 3 bad arg "sep"
print(1, end='\n')
print(1, sep=' ')
