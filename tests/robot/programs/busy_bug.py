# The shape of Snek's lesson-2 line bug: it never sleeps, it only asks the
# light sensor over and over, pivoting on one wheel or the other.
def on_tape():
    return read(A1) > 0.45


def pivot_left():
    talkto(M3)
    off()
    talkto(M1)
    setright()
    setpower(1)
    on()


def pivot_right():
    talkto(M1)
    off()
    talkto(M3)
    setleft()
    setpower(1)
    on()


while True:
    while on_tape():
        pivot_left()
    while not on_tape():
        pivot_right()
