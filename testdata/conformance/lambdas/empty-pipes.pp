$x = with() || { 1 }
