undef; $a = 10
