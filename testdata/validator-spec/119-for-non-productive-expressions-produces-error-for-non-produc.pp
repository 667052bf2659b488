name; $a = 10
