$x = /a
b/