$x = apply
