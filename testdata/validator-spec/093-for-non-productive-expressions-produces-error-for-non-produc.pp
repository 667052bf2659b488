unless 1 {2}; $a = 10
