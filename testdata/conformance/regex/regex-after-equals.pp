$x = /a+b/
