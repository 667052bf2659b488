$x = type
