if 1 {2} elsif 3 {$a=1}; $x = 1
