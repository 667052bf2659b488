$x = function
