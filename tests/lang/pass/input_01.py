# input() reads lines from stdin
name = input()
print('hello', name)
n = int(input())
total = 0
for i in range(n):
    total += int(input())
print('sum', total)
line = input('prompt> ')
print()
print('[' + line + ']', len(line))
f = float(input())
print(f * 2)
