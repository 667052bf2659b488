 $a = 10; default
