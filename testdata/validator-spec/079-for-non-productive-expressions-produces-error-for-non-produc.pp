default; $a = 10
