# error: 2 bad \x escape
s = "\xg1"
