$x = $y ? { 1 => 'a', default => 'b', }
