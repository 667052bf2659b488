if 1 {2} else {3}; $a = 10
