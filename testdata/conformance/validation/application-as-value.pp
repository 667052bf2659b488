$x = application
