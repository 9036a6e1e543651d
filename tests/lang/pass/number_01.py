# numeric literals and integer limits within float32 exactness
print(0, 7, 123, 1000000)
print(1.5, .5, 5. == 5, 1e2 == 100, 2.5e-1)
print(8388608, 2 ** 23)
print(16777214 + 1)
print(-16777215)
print(4095 * 4096)
print(8388608 // 3, 8388608 % 3)
print(65536 * 255)
print(99999 * 99)
x = 1
for i in range(23):
    x = x * 2
print(x)
print(3.0 == 3, 3.5 != 3)
print(int(12.0))
print(0.5 + 0.25 + 0.125)
