$foo = 1
