$x = default
