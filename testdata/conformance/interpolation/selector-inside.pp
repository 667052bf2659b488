$a = 'b'
notice("v=${a ? {'b' => 'c', default => 'd'}}")
