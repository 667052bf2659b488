$x = [type, function]
