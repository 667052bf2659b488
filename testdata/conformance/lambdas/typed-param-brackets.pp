[1].each |Integer[0, 9] $x| { notice($x) }
