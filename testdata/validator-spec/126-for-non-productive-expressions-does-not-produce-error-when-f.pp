if 1 {2} else {$a=1}; $x = 1
