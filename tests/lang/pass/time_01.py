# time.monotonic and time.sleep: only compare
import time
t0 = time.monotonic()
time.sleep(0.2)
t1 = time.monotonic()
print(t1 >= t0)
print(t1 - t0 > 0.01)
print(t1 - t0 < 5)
time.sleep(0)
print('slept')
