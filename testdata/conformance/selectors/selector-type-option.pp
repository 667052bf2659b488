$x = $y ? { Integer => 'int', String[1] => 'str', default => 'other' }
