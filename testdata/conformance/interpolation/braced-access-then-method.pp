$x = ['a']
notice("${x[0].upcase}")
