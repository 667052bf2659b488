$x = 1 < 2 == true
