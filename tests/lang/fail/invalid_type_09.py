# error: 3 invalid type: 5
for x in [1]:
    for y in 5:
        print(y)
