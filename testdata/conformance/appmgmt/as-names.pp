$x = [application, site, produces, consumes]
