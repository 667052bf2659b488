$x = case
