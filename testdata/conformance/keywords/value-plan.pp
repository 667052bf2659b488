$x = plan
