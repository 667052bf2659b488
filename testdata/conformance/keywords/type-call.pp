$x = type(1)
