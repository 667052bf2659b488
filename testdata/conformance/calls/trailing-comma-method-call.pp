$x = 'a'.split('',)
