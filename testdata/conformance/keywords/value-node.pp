$x = node
