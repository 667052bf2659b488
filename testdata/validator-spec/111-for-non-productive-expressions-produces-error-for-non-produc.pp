!true; $a = 10
