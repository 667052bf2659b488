$x = site
