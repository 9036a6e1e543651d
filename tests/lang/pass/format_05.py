# widths past 100, text conversions sharing their padding, dict holes
print('[%120d]' % 7)
print('[%-110.3f]' % 2.5)
print('[%0105.1e]' % -2.5)
print('[%105s]' % 'x')
print('%r %r' % ('%c' % 0, '%3c' % 10))
print('%s %r %c' % ([1, (2,), {3: 'x'}], 'q', 'z'))
d = {1: 2, 3: 4, 5: (6,)}
del d[1]
print(d, '%s' % (d,), '%r' % [d])
print('%5s|%-5r|%.1r|' % ((1,), 'ab', 'cd'))
print('%%%d%%' % 5)
print(str([]), str(()), str({}), '%r' % (('a',),), [[], [()], {(): []}])
print('%.0c|%.0c|%3.0c|%-3c|' % (65, 'a', 'a', 'b'))
