# implicit line joining inside brackets
l = [1,
     2,
     3]
print(l)
d = {
    'a': 1,
    'b': 2,
}
print(d)
t = (1,
  2)
print(t)
def f(a,
      b,
      c=3):
    return a + b + c
print(f(1,
        2))
x = (1 +
     2 *
     3)
print(x)
if (x > 1 and
        x < 10):
    print('in range')
print('a'
      'b'
      'c')
m = [[1, 2],
     [3, 4]]
print(m[1
        ][0])
print(len([
]))
