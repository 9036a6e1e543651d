# one-element tuples inside others, emptied dicts, exponents of two digits
print(((1, 2),), ((1,),), ([1, 2],), ({1: 2},), ((),), (((3,),),))
d = {1: 2}
del d[1]
print(d, [d], (d,), {5: d}, [[[1]]], {1: {2: (3,)}})
print('%e %E %g %.3e' % (2 ** -20, 2 ** 100, 2 ** -126, 2 ** 90), '%e' % 0.5, '%g' % 2 ** 70)
print('%.0e|%#.0e|%10.2E|%-12.1e|' % (2 ** 40, 2 ** -40, 2 ** -7, 2 ** 127))
