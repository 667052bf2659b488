$x = 'a'
notice("${x.upcase.downcase}")
