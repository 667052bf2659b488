$x = 'Müller'
