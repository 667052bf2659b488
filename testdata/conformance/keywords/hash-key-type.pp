$x = {type => 1}
