$x = {default => 1}
