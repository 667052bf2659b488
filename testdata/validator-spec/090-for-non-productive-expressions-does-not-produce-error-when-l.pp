 $a = 10; if 1 {2} else {3}
