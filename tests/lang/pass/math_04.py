# from math import * and other imports are accepted
from math import *
import math
import time
import sys
print(math.floor(3.5))
print(math.pi > 3.14 and math.pi < 3.15)
print(math.e > 2.71 and math.e < 2.72)
print(math.ceil(math.sqrt(10)))
print('%.3f' % math.sqrt(10))
def area(r):
    return math.pi * r * r
print('%.2f' % area(2))
print(int(area(10)))
