# balanced brackets with a list as a stack
pairs = {')': '(', ']': '[', '}': '{'}
def balanced(s):
    stack = []
    for c in s:
        if c in '([{':
            stack += [c]
        elif c in pairs:
            if len(stack) == 0 or stack[-1] != pairs[c]:
                return False
            del stack[-1]
    return len(stack) == 0
for s in ['()', '([]{})', '(]', '((', '', 'a(b)c', '{[()()]}', '}{']:
    print('%-10s %s' % (s, balanced(s)))
