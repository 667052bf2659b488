$x = 'a'
notice("v=$x.y")
