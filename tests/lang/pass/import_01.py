# imports are accepted and ignored
import math
import time
import random
import sys
from math import *
print('imports ok')
print(math.floor(-0.5))
x = 3
print(x)
