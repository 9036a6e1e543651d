# repr's choice of quotes and escapes, plain and padded through %
for s in ["", "a", "it's", 'say "hi"', "both ' and \"", "\"'", "'\"", "''", '""', "\\",
          "\n\t\r\x01\x7f", "x'y'z", 'x"y"z\'']:
    print([s], '%r|%5r|%-8s|%8s|%.2r|' % (s, s, s, s, s))
