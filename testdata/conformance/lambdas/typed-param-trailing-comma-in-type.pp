[1].each |Integer[0,] $x| { notice($x) }
