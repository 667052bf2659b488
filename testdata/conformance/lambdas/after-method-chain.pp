$x = [1, 2].map |$x| { $x * 2 }.filter |$x| { $x > 1 }
