 $a = 10; unless 1 {2}
