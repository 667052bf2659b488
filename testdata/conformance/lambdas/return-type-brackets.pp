$x = [1].map |$v| >> Integer[0] { $v + 1 }
