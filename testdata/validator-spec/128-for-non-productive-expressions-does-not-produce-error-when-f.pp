unless 1 {$a=1}; $x = 1
