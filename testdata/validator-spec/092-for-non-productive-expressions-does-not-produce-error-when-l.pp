 $a = 10; if 1 {2} elsif 3 {4}
