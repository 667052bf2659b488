$x = {node => 1}
