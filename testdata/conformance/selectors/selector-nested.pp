$x = $a ? { 1 => $b ? { 2 => 'x', default => 'y' }, default => 'z' }
