$x = /a
b/
notice($x)
