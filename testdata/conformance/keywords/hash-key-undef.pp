$x = {undef => 1}
