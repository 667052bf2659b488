$x = $y ? { 1 => $z = 2, default => 3 }
