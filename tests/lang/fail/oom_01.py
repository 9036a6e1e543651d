# error: 4 out of memory
l = [0]
while True:
    l += l
