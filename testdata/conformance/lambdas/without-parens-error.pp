with |$x| { notice($x) }
