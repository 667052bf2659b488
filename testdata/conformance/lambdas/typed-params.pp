[1].each |Integer $x| { notice($x) }
