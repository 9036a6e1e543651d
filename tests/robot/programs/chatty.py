# Prints as it goes, then makes a mistake on line 9.
talkto(M1)
setright()
on()
for i in range(3):
    print("step", i)
    time.sleep(0.5)
off()
print(undefined_name)
