# isclose's defaults: what CPython finds close, float32 finds close too
from math import *
import math
# computed results that agree in CPython agree here, where each carries
# a float32's rounding
print(isclose(log(e), 1), isclose(exp(1), e), isclose(log(1), 0), isclose(exp(0), 1))
print(isclose(sqrt(2) * sqrt(2), 2), isclose(0.1 + 0.2, 0.3), isclose(0.1 * 3, 0.3))
print(isclose(log2(5.5), log(5.5) / log(2)), isclose(log10(5.5), log(5.5) / log(10)))
print(isclose(pow(2.2, 3.3), exp(log(2.2) * 3.3)), isclose(2 ** 0.5, sqrt(2)))
print(isclose(exp(1) - 1, expm1(1)), isclose(log1p(1), log(2)), isclose(1 / 3 * 3, 1))
print(isclose(fsum([0.001] * 1000), 1), isclose(100 * 1.1, 110), isclose(-1 / 7 * 7, -1))
print(isclose(exp(log(5)), 5), isclose(10 ** -3, 0.001), isclose(pi * 2, tau))
print(math.isclose(e ** 2, exp(2)), math.isclose(1e30 / 3 * 3, 1e30))
# numbers that really differ stay apart
print(isclose(1.1, 1), isclose(1.00001, 1), isclose(1.000002, 1), isclose(e, 2.718))
print(isclose(log(e), 1.00001), isclose(0.99999, 1), isclose(-1, 1), isclose(1e-10, 0))
print(isclose(1, 0), isclose(0, 1e-30), isclose(1e38, inf), isclose(3, 3.00001))
print(isclose(inf, inf), isclose(-inf, -inf), isclose(-inf, inf), isclose(nan, nan), isclose(nan, 1))
# tolerances given are used as given
print(isclose(1.1, 1, rel_tol=0.2), isclose(1.1, 1, rel_tol=0.05), isclose(0, 1e-30, abs_tol=1e-20))
print(isclose(100, 101, abs_tol=1), isclose(100, 101, abs_tol=0.5), isclose(1, 2, rel_tol=0.5))
print(isclose(2, 1, rel_tol=0.5), isclose(1.05, 1, rel_tol=0.1), isclose(1, 1.05, abs_tol=0.01))
