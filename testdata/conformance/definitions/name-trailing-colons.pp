$x = foo:: 
