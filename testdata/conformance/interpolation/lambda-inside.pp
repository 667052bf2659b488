$a = [1, 2]
notice("v=${a.map |$v| { $v * 2 }}")
