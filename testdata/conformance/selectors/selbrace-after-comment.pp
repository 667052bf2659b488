$x = $y ? # pick
{ 1 => 'a', default => 'b' }
