# A Snek 1.13 style robot program, without the motors: timing and loops.
def blink(times):
    n = 0
    for i in range(times):
        n = n + 1
        time.sleep(0.01)
    return n

count = blink(3)
print("blinked", count)
start = time.monotonic()
sleep(0.02)
print(time.monotonic() - start >= 0.01)
