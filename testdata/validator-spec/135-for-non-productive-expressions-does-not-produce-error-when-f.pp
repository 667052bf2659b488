$a.foo(); $x = 1
