false; $a = 10
