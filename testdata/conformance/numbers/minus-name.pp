$x = -a
