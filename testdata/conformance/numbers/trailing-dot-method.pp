$x = 1.abs
