# %o %x %X %c with flags
print('%o' % 8, '%o' % 64, '%o' % 0)
print('%x' % 255, '%X' % 255, '%x' % 4096)
print('%#x' % 255, '%#X' % 255, '%#o' % 8)
print('[%8x]' % 48879, '[%-8X]' % 48879, '[%08x]' % 48879)
print('%x' % -255)
print('%c' % 65, '%c' % 'z', '%c%c' % (104, 105))
print('[%3c]' % 'q', '[%-3c]' % 'q')
for i in range(0, 40, 7):
    print('%3d %3o %3x %3X' % (i, i, i, i))
print('%#5x|%-#6o|' % (26, 26))
