# A bumper car for the arena (wheels on M2 and M3, distance sensors A7 ahead
# and A1 behind): drive until a wall is near, back off, turn a random
# amount, go again.
def drive(left, right):
    talkto(M2)
    if left:
        setleft()
    else:
        setright()
    on()
    talkto(M3)
    if right:
        setright()
    else:
        setleft()
    on()


while True:
    drive(True, True)
    while read(A7) < 0.35:
        pass
    drive(False, False)
    time.sleep(0.3)
    drive(False, True)
    time.sleep(0.3 + random.random())
