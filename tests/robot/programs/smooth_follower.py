# A line follower for Snek's lesson-2 wiring (right wheel M1 forward with
# setright, left wheel M3 forward with setleft, light sensor A1): it follows
# the tape's left edge with both wheels turning, the one on the inside slower.
talkto(M1)
setright()
setpower(0.3)
on()
talkto(M3)
setleft()
setpower(0.3)
on()
while True:
    if read(A1) > 0.45:   # on the tape: veer left
        left = 0.1
        right = 0.6
    else:                 # on the floor: veer right
        left = 0.6
        right = 0.1
    talkto(M3)
    setpower(left)
    talkto(M1)
    setpower(right)
    time.sleep(0.02)
