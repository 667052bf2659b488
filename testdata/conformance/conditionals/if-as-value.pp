$x = if $a { 1 } else { 2 }
