$x = 'line one
line two'
