# built-in names rebound, deleted and restored; many new names
len = 5
abs = 'x'
print(len, abs)
ord = 7
chr = 7
round = 7
str = 7
print(ord, chr, round, str)
del len
print(len('abc'), abs)
del abs
print(abs(-2))
len = 9
print(len)
del len, ord, chr
print(len([1]), ord('a'), chr(98), round, str)
del round
print(round(3.7))
str = [1, 2]
print(str)
del str
print(str(12))
alpha_name_one = 1
alpha_name_two = 2
a_quite_long_name_that_is_still_well_under_the_limit_of_sixty_4 = 3
print(alpha_name_one + alpha_name_two, a_quite_long_name_that_is_still_well_under_the_limit_of_sixty_4)
def alpha_name_one():
    return 'f'
print(alpha_name_one())
float = 2
int = float
print(float, int)
del int
del float
print(int(2.5), float(3) + 0.5)
