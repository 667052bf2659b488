foo(); $x = 1
