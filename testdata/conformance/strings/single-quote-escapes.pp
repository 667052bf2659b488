$x = 'it\'s \\ \n kept'
