$x = {function => 1}
