$x = 'abc'.upcase.downcase()
