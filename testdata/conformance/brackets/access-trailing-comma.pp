$x = Integer[1,]
