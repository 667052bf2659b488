$x = "a\
b"
