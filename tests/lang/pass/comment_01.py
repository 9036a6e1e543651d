# comments in various places
# a full-line comment
x = 1  # trailing comment
    # indented comment line at odd indentation
if x:  # comment after colon
    # comment inside block
    print('in block')  # and here

# blank lines and comments between statements

print('# not a comment')
y = [1,  # comment inside brackets
     2]
print(y)
# final comment without newline