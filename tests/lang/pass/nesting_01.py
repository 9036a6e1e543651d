# calls in calls, lists in lists, parentheses, subscripts and slices,
# nested deeply
def f(a, b=2, c=3):
    return a * 100 + b * 10 + c


def g(x):
    return x + 1


print(f(1), f(1, 5), f(1, c=7), f(1, 2, 3), f(a=4, c=1), f(1, c=2, b=3), f(1,))
print(len([1, [2, [3, [4, [5, [6]]]]]]), ((((((1)))))), {1: {2: {3: {4: 5}}}})
print(g(g(g(g(g(g(1)))))), [[[[[[[]]]]]]], [1, 2,], (1,), ())
print(g(len([1, [2, g(3)], (4, (5, [6, g(7)]))])), str(len(str([[[1]]]))))
l = [[0, [1, 2, [3, 4, 5]]], 6]
print(l[0][1][2][1], l[0][1][g(1)][l[0][1][0]], l[0][1][2][1:][::-1], l[::-1][0])
print(((1 + 2) * (3 - (4 - (5 + (6 * (7 - 8)))))), -(-(-(1))), f(g(f(g(0), c=g(0)) // 100)))
