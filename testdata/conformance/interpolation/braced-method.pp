$x = 'a'
notice("v=${x.upcase}")
