$x = "abc
notice($x)
