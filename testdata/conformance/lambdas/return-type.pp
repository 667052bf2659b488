$x = [1].map |$v| >> Integer { $v + 1 }
