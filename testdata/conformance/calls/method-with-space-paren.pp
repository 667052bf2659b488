$x = 'a'.sprintf ('%s')
