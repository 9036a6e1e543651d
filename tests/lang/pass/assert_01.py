# assert that passes
assert True
assert 1
assert 1 < 2
assert 'a' in 'abc'
assert [1]
assert not []
assert 2 + 2 == 4
def f(x):
    assert x > 0
    return x * 2
print(f(3))
l = [1, 2, 3]
assert len(l) == 3
assert l[-1] == 3 and l[0] == 1
print('all asserts passed')
