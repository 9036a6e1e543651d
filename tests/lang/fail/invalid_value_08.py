# error: 3 invalid value: -2147483600
import random
random.randrange(-2147483648)
