 $a = 10; false
