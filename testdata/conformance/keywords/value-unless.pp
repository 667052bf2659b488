$x = unless
