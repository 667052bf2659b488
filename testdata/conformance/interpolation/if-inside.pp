$x = true
notice("v=${if $x { 1 } else { 2 }}")
