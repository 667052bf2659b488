 $a = 10; name
