# Every number is a float32: integers stay exact below 2**24.
print(6 / 2, 7 / 2, 1 / 3)
print(16777216 + 1 == 16777216)
print(2 ** 0.5)
print(1e20, 1e-5, 123456789)
print(-0.0, 0.1 + 0.2)
