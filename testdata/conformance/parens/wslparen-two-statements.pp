$x = foo
(1 + 2).each |$y| { notice($y) }
