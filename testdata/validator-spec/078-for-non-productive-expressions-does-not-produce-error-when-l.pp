 $a = 10; true
