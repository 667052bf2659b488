$x = abs(-4) / 2
