$x = Struct[a => Integer]
