$x = 1.type
