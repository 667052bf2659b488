$x = Integer / 2
