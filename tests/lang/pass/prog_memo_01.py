# memoised fibonacci with a global dict
memo = {}
def fib(n):
    if n in memo:
        return memo[n]
    if n < 2:
        r = n
    else:
        r = fib(n - 1) + fib(n - 2)
    memo[n] = r
    return r
print(fib(30))
print(fib(35))
print(len(memo))
k = 0
for key in memo:
    k += 1
    if k > 5:
        break
    print(key, memo[key])
