$x = abs (1)
