# repr of nested containers with strings
print(['a', ['b', ('c', {'d': 'e'})]])
print({'key': ['v1', "v'2"], 'n': None})
print((['x'], {'y': ('z',)}))
print([[], (), {}])
print([(1,), ((),)])
print(["'", '"'])
print({'': ''})
print([1, 'a b', ' '])
print(str(['s']) + '!')
l = ['q']
print('%s' % l, '%r' % l)
