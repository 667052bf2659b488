!foo(); $a = 10
