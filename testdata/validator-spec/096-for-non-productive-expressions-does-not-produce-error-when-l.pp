 $a = 10; unless 1 {2} else {3}
