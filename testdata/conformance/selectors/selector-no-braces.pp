$x = $y ? undef => 1
