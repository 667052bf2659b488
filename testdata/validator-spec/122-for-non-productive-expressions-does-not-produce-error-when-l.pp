 $a = 10; Type
