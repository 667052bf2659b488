$x = if
