$x = 1
notice("v=${$x}")
