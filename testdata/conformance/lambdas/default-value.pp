$x = with() |$a = 1| { $a }
