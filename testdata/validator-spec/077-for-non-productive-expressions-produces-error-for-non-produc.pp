true; $a = 10
