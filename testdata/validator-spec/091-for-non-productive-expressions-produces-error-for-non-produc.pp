if 1 {2} elsif 3 {4}; $a = 10
