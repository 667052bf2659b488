$x = Integer[]
