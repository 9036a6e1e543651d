# sys.stdout.flush is available
import sys
print('before', end='')
sys.stdout.flush()
print(' after')
for i in range(3):
    print(i, end=' ')
    sys.stdout.flush()
print()
