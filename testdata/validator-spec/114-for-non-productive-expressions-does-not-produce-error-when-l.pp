 $a = 10; !foo()
