$x = 1 + $a ? { 2 => 'two', default => 'other' }
