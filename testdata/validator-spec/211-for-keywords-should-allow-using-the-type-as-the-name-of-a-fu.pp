type() |$x| { $x }
