$x = "a
b"