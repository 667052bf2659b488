type()
