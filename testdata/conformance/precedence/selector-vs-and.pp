$x = $a and $b ? { true => 1, default => 0 }
